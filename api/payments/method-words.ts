// A payment's method as a student reads it, in the receipt's language. The gateways name it
// in their own codes (Razorpay's and Cashfree's `upi`, `netbanking`, …) and a payment the
// academy confirmed by hand is `manual`: printed as given, a receipt said "(manual)".
import { MANUAL_PAYMENT_METHOD } from '../../contract/bookings.ts';
import type { SiteLanguage } from '../db/schema.ts';

const METHOD_WORDS: Record<SiteLanguage, Record<string, string>> = {
  en: {
    upi: 'UPI',
    card: 'Card',
    netbanking: 'Net banking',
    wallet: 'Wallet',
    emi: 'EMI',
    paylater: 'Pay later',
    bank_transfer: 'Bank transfer',
    [MANUAL_PAYMENT_METHOD]: 'Confirmed by the academy',
  },
  hi: {
    upi: 'UPI',
    card: 'कार्ड',
    netbanking: 'नेट बैंकिंग',
    wallet: 'वॉलेट',
    emi: 'EMI',
    paylater: 'पे लेटर',
    bank_transfer: 'बैंक ट्रांसफ़र',
    [MANUAL_PAYMENT_METHOD]: 'अकादमी ने पुष्टि की',
  },
};

/** The method's words; a code no table knows is printed as the gateway gave it. */
export function paymentMethodText(method: string, language: SiteLanguage = 'en'): string {
  return METHOD_WORDS[language][method] ?? method;
}
