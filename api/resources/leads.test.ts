// Every public lead POST of spec §7: success answers and shapes, each validation rule and
// its exact message, normalisation, and what is (not) stored. Runs on PGlite and, when
// TEST_DATABASE_URL is set, on real Postgres.
import { describe, expect, it } from 'vitest';
import { LEAD_PATHS } from '../../contract/lead-kinds.ts';
import { MESSAGES } from '../../contract/messages.ts';
import { contactSchema } from '../../contract/leads.ts';
import { postJson, useTestApp } from '../testing/app.ts';
import { testBackends } from '../testing/databases.ts';
import { hashParams, verifyPassword } from '../auth/passwords.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const valid = {
  contact: { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', phone: '9876543210', message: 'Do you run weekend batches?' },
  freeJoin: { name: 'Rohan Das', phone: '9123456780', email: 'rohan@example.in' },
  enquiry: { background: 'College Student', course: 'Soft Skills', name: 'Meera', email: 'meera@example.in', phone: '9988776655' },
  joinNow: { name: 'Kabir', phone: '9000000001', email: 'kabir@example.in', password: 'secret12' },
  personality: { name: 'Isha', phone: '9000000002', email: 'isha@example.in', password: 'secret34' },
};

describe.each(testBackends())('public lead calls on $name', (backend) => {
  const t = useTestApp(backend);

  const post = (path: string, body: unknown, headers?: Record<string, string>) => postJson(t.app, path, body, headers);

  describe('POST /api/v1/contact', () => {
    it('stores the message and answers 201 with the record', async () => {
      const res = await post(LEAD_PATHS.contact, valid.contact);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toMatchObject({ success: true, message: MESSAGES.contactSuccess });
      expect(body.data).toMatchObject({ ...valid.contact });
      expect(body.data._id).toMatch(UUID);
      expect(body.data.createdAt).toMatch(ISO);
      const row = await t.database.db.selectFrom('contact_messages').selectAll().where('id', '=', body.data._id).executeTakeFirstOrThrow();
      expect(row.first_name).toBe('Asha');
      expect(row.idempotency_key).toBeNull();
    });

    it('requires all five fields and a valid email', async () => {
      const res = await post(LEAD_PATHS.contact, {});
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'firstName', 'lastName', 'message', 'phone']);
      expect(body.message).toBe(body.errors.firstName);
      const bad = await (await post(LEAD_PATHS.contact, { ...valid.contact, email: 'not-an-email' })).json();
      expect(bad).toEqual({ message: MESSAGES.invalidEmail, errors: { email: MESSAGES.invalidEmail } });
    });

    it('refuses an email whose domain has no dot ("ravi.kumar@gmail"), on every form, with the same message the form shows', async () => {
      for (const [path, body] of [
        [LEAD_PATHS.contact, valid.contact],
        [LEAD_PATHS.personalitySignup, valid.personality],
      ] as const) {
        const res = await post(path, { ...body, email: 'ravi.kumar@gmail' });
        expect(res.status, path).toBe(400);
        expect((await res.json()).errors.email, path).toBe(MESSAGES.invalidEmail);
      }
      // The PWA validates with the same schema: it refuses it before sending.
      expect(contactSchema.isValidSync({ ...valid.contact, email: 'ravi.kumar@gmail' })).toBe(false);
      expect(contactSchema.isValidSync({ ...valid.contact, email: 'ravi.kumar@gmail.com' })).toBe(true);
    });

    it('trims strings, lowercases emails, normalises phones and drops unknown fields', async () => {
      const res = await post(LEAD_PATHS.contact, {
        ...valid.contact,
        firstName: '  Asha  ',
        email: '  Asha@Example.IN ',
        phone: '+91 98765-43210',
        isAdmin: true,
        _id: 'forged',
      });
      expect(res.status).toBe(201);
      const { data } = await res.json();
      expect(data.firstName).toBe('Asha');
      expect(data.email).toBe('asha@example.in');
      expect(data.phone).toBe('9876543210');
      expect(data._id).not.toBe('forged');
      expect(data).not.toHaveProperty('isAdmin');
    });

    it('rejects whitespace-only fields as missing and over-long ones', async () => {
      const blank = await (await post(LEAD_PATHS.contact, { ...valid.contact, lastName: '   ' })).json();
      expect(blank.errors.lastName).toBe('Last name is required');
      const long = await (await post(LEAD_PATHS.contact, { ...valid.contact, message: 'x'.repeat(5001) })).json();
      expect(long.errors.message).toBe('Message must be at most 5000 characters');
    });
  });

  describe('POST /api/v1/free/join-free', () => {
    it('answers 201 with a message and the user with joinedAt', async () => {
      const res = await post(LEAD_PATHS.freeJoin, valid.freeJoin);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.message).toBe(MESSAGES.freeJoinSuccess);
      expect(body.user).toMatchObject(valid.freeJoin);
      expect(body.user.joinedAt).toMatch(ISO);
      expect(body.user).not.toHaveProperty('createdAt');
    });

    it.each([
      ['12345', MESSAGES.phoneTenDigits],
      ['98765432101', MESSAGES.phoneTenDigits],
      ['98765abcde', MESSAGES.phoneTenDigits],
      ['', 'WhatsApp number is required'],
    ])('rejects the number %j with %j', async (phone, message) => {
      const res = await post(LEAD_PATHS.freeJoin, { ...valid.freeJoin, phone });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.phone).toBe(message);
    });
  });

  describe('POST /api/v1/form/submit', () => {
    it('stores an enquiry with background and course from the option lists', async () => {
      const res = await post(LEAD_PATHS.enquiry, valid.enquiry);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toMatchObject({ success: true, message: MESSAGES.enquirySuccess, data: valid.enquiry });
      expect(body.data.createdAt).toMatch(ISO);
    });

    it('accepts only the spec options for background and course', async () => {
      const res = await post(LEAD_PATHS.enquiry, { ...valid.enquiry, background: 'Alien', course: 'Underwater Basket Weaving' });
      expect(res.status).toBe(400);
      const { errors } = await res.json();
      expect(errors).toEqual({ background: 'Please choose your background', course: 'Please choose a course' });
    });
  });

  describe('POST /api/v1/now/join-now', () => {
    it('registers the user, stores only an scrypt hash and never returns it', async () => {
      const res = await post(LEAD_PATHS.joinNow, valid.joinNow);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.message).toBe(MESSAGES.joinNowSuccess);
      expect(body.user).toEqual({
        _id: expect.stringMatching(UUID),
        name: 'Kabir',
        phone: '9000000001',
        email: 'kabir@example.in',
        createdAt: expect.stringMatching(ISO),
      });
      expect(JSON.stringify(body)).not.toContain('secret12');
      const row = await t.database.db.selectFrom('join_now_users').selectAll().where('id', '=', body.user._id).executeTakeFirstOrThrow();
      // At the parameters in effect (a deployed server's are checked in auth/passwords.test.ts).
      const { N, r, p } = hashParams();
      expect(row.password_hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
      expect(row.password_hash).not.toContain('secret12');
      expect(await verifyPassword('secret12', row.password_hash)).toBe(true);
      expect(await verifyPassword('secret13', row.password_hash)).toBe(false);
    });

    it('applies the phone and password rules', async () => {
      const { errors } = await (await post(LEAD_PATHS.joinNow, { ...valid.joinNow, phone: '123', password: '12345' })).json();
      expect(errors).toEqual({ phone: MESSAGES.phoneTenDigits, password: MESSAGES.passwordMin });
    });
  });

  describe('POST /api/v1/quiz/submit-form (personality sign-up)', () => {
    it('signs the user up', async () => {
      const res = await post(LEAD_PATHS.personalitySignup, valid.personality);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.message).toBe(MESSAGES.personalitySuccess);
      expect(body.user).toMatchObject({ name: 'Isha', email: 'isha@example.in', phone: '9000000002' });
      expect(JSON.stringify(body)).not.toMatch(/password|secret34/);
    });

    it.each([
      [{ name: '' }, 'name', MESSAGES.allFieldsRequired],
      [{ phone: undefined }, 'phone', MESSAGES.allFieldsRequired],
      [{ phone: '98765' }, 'phone', MESSAGES.personalityPhone],
      [{ email: 'isha@' }, 'email', MESSAGES.invalidEmail],
      [{ password: 'abc' }, 'password', MESSAGES.passwordMin],
    ])('rejects %j on %s with the spec message', async (change, field, message) => {
      const res = await post(LEAD_PATHS.personalitySignup, { ...valid.personality, ...change });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[field]).toBe(message);
      expect(body.message).toBe(message);
    });
  });
});
