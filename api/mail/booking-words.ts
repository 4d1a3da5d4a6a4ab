// The words of a booking's emails (the seat held, its payment link, the reminder to pay, the
// receipt) in the language of the form the booking was made from (its site_language), so a
// visitor who booked on the Hindi site reads Hindi. Typed by the English words, so a new
// English line without its Hindi one fails the typecheck. Programme and package names,
// references, amounts in figures and links stay as they are written everywhere else; an
// amount in words is said in the email's language.
import { BOOKING_HOLD_DAYS, rupeesText, upiUri, type UpiPayee } from '../../contract/bookings.ts';
import type { SiteLanguage } from '../db/schema.ts';
import { rupeesInHindiWords } from '../payments/amount-words-hi.ts';
import { rupeesInWords } from '../payments/amount-words.ts';
import { paymentMethodText } from '../payments/method-words.ts';

interface Seat {
  programme: string;
  package: string;
  batch: string;
}

const EN = {
  hello: (name: string) => `Hello ${name},`,
  reserved: (s: Seat) => `Your seat in ${s.programme} (${s.package}, ${s.batch}) is reserved.`,
  payWithin: (amount: string) => `Pay ${amount} within ${BOOKING_HOLD_DAYS} days to keep it.`,
  reference: (reference: string) => `Your booking reference: ${reference}`,
  quoteIt: 'Quote it when you pay.',
  linkComing: (page: string) =>
    `Your own payment link (card, net banking, UPI) is on its way: we email it as soon as it is made, and your booking page shows it: ${page}`,
  payOnline: (link: string) => `Pay online (card, net banking, UPI): ${link}`,
  upiOr: 'Or pay by UPI:',
  upiPayee: (name: string) => `  Payee: ${name}`,
  upiId: (vpa: string) => `  UPI ID: ${vpa}`,
  upiAmount: (amount: string) => `  Amount: ${amount}`,
  upiNote: (reference: string) => `  Note: ${reference}`,
  upiLink: (uri: string) => `  UPI link (opens a UPI app on a phone): ${uri}`,
  upiAfter: 'After paying by UPI, send us the UTR your app shows, quoting the reference.',
  bookingSubject: (reference: string) => `Seat reserved: ${reference} — pay within ${BOOKING_HOLD_DAYS} days`,
  linkReady: (reference: string, url: string) => `Your payment link for booking ${reference} is ready: ${url}`,
  linkPay: (amount: string) => `Pay ${amount} there (card, net banking or UPI) within ${BOOKING_HOLD_DAYS} days to keep your seat.`,
  linkSubject: (reference: string) => `Your payment link for ${reference}`,
  reminderUnpaid: (s: Seat, amount: string) =>
    `Your seat in ${s.programme} (${s.package}, ${s.batch}) is reserved, and its payment of ${amount} has not reached us yet.`,
  reminderWithin: (reference: string) => `Pay within ${BOOKING_HOLD_DAYS} days of booking to keep it. Your booking reference: ${reference}`,
  bookingPage: (url: string) => `Your booking page: ${url}`,
  alreadyPaid: 'Already paid? Thank you: ignore this email.',
  reminderSubject: (reference: string) => `Your seat is waiting: pay for booking ${reference}`,
  /** The amount in words beside its figures: "Rupees Two Thousand Four Hundred Ninety Nine only". */
  amountInWords: rupeesInWords,
  receiptReceived: (amount: string, words: string, s: Omit<Seat, 'batch'>, reference: string) =>
    `We have received your payment of ${amount} (${words}) for ${s.programme}, ${s.package} (booking ${reference}). Your seat is confirmed.`,
  receiptNumber: (number: string) => `Receipt number: ${number}`,
  receiptPayment: (id: string, method: string, when: string) => `Payment: ${id} (${paymentMethodText(method, 'en')}), ${when}`,
  receiptAttached: 'Your receipt is attached as a PDF. Keep it for your records.',
  receiptSubject: (number: string, reference: string) => `Receipt ${number} for your booking ${reference}`,
};

export type BookingMailWords = typeof EN;

const HI: BookingMailWords = {
  hello: (name) => `नमस्ते ${name},`,
  reserved: (s) => `${s.programme} (${s.package}, ${s.batch}) में आपकी सीट आपके लिए रखी गई है।`,
  payWithin: (amount) => `इसे बनाए रखने के लिए ${BOOKING_HOLD_DAYS} दिन के अंदर ${amount} का भुगतान करें।`,
  reference: (reference) => `आपकी बुकिंग का रेफ़रेंस: ${reference}`,
  quoteIt: 'भुगतान करते समय यह रेफ़रेंस ज़रूर लिखें।',
  linkComing: (page) => `आपका अपना पेमेंट लिंक (कार्ड, नेट बैंकिंग, UPI) बन रहा है: बनते ही हम उसे ईमेल करेंगे, और वह आपकी बुकिंग के पेज पर भी दिखेगा: ${page}`,
  payOnline: (link) => `ऑनलाइन भुगतान करें (कार्ड, नेट बैंकिंग, UPI): ${link}`,
  upiOr: 'या UPI से भुगतान करें:',
  upiPayee: (name) => `  पाने वाले का नाम: ${name}`,
  upiId: (vpa) => `  UPI ID: ${vpa}`,
  upiAmount: (amount) => `  राशि: ${amount}`,
  upiNote: (reference) => `  नोट: ${reference}`,
  upiLink: (uri) => `  UPI लिंक (फ़ोन पर UPI ऐप खोलता है): ${uri}`,
  upiAfter: 'UPI से भुगतान के बाद, आपके ऐप में दिखा UTR नंबर रेफ़रेंस के साथ हमें भेजें।',
  bookingSubject: (reference) => `सीट आपके लिए रखी गई: ${reference} — ${BOOKING_HOLD_DAYS} दिन के अंदर भुगतान करें`,
  linkReady: (reference, url) => `बुकिंग ${reference} के लिए आपका पेमेंट लिंक तैयार है: ${url}`,
  linkPay: (amount) => `अपनी सीट बनाए रखने के लिए ${BOOKING_HOLD_DAYS} दिन के अंदर वहाँ ${amount} का भुगतान करें (कार्ड, नेट बैंकिंग या UPI)।`,
  linkSubject: (reference) => `${reference} के लिए आपका पेमेंट लिंक`,
  reminderUnpaid: (s, amount) =>
    `${s.programme} (${s.package}, ${s.batch}) में आपकी सीट आपके लिए रखी गई है, पर उसका ${amount} का भुगतान अभी हम तक नहीं पहुँचा है।`,
  reminderWithin: (reference) => `सीट बनाए रखने के लिए बुकिंग के ${BOOKING_HOLD_DAYS} दिन के अंदर भुगतान करें। आपकी बुकिंग का रेफ़रेंस: ${reference}`,
  bookingPage: (url) => `आपकी बुकिंग का पेज: ${url}`,
  alreadyPaid: 'भुगतान कर चुके हैं? धन्यवाद: इस ईमेल को अनदेखा करें।',
  reminderSubject: (reference) => `आपकी सीट इंतज़ार कर रही है: बुकिंग ${reference} का भुगतान करें`,
  amountInWords: rupeesInHindiWords,
  receiptReceived: (amount, words, s, reference) =>
    `${s.programme}, ${s.package} (बुकिंग ${reference}) के लिए आपका ${amount} (${words}) का भुगतान हमें मिल गया है। आपकी सीट पक्की है।`,
  receiptNumber: (number) => `रसीद नंबर: ${number}`,
  receiptPayment: (id, method, when) => `भुगतान: ${id} (${paymentMethodText(method, 'hi')}), ${when}`,
  receiptAttached: 'आपकी रसीद PDF के रूप में साथ लगी है। इसे अपने रिकॉर्ड के लिए सँभालकर रखें।',
  receiptSubject: (number, reference) => `आपकी बुकिंग ${reference} की रसीद ${number}`,
};

const WORDS: Record<SiteLanguage, BookingMailWords> = { en: EN, hi: HI };

/** The words for a booking made from a form in `language` (English for anything else). */
export function bookingMailWords(language: string | undefined): BookingMailWords {
  return language === 'hi' ? WORDS.hi : WORDS.en;
}

/**
 * A booking email's way to pay by UPI instead, after a blank line: the payee's name and ID, the
 * amount, the reference for the payment's note, and a upi:// link that fills them all in.
 */
export function upiLines(w: BookingMailWords, upi: UpiPayee, rupees: number, reference: string): string[] {
  return [
    '',
    w.upiOr,
    w.upiPayee(upi.name),
    w.upiId(upi.vpa),
    w.upiAmount(rupeesText(rupees)),
    w.upiNote(reference),
    w.upiLink(upiUri(upi, rupees, reference)),
    w.upiAfter,
  ];
}
