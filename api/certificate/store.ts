// Certificates as stored rows: the id, the data a certificate is drawn from, and the PNG,
// rendered on demand and kept in a small in-memory cache (a certificate never changes, so
// a cached image never goes stale; a rendering costs ~100 ms of CPU, a cache hit nothing).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CERTIFICATE_ID_PATTERN, certificateImagePath, certificatePagePath, type CertificateRecord } from '../../contract/quiz/api.ts';
import { isQuizLanguage } from '../../contract/quiz/options.ts';
import type { QuizResult } from '../../contract/quiz/scoring.ts';
import type { Database } from '../db/schema.ts';
import { iso } from '../lib/dates.ts';
import { MissingAttachmentError } from '../mail/worker.ts';
import { renderCertificatePng, type CertificateData } from './render.ts';

/** 128 random bits as 32 lower-case hex characters: unguessable, so the link is the key. */
export function newCertificateId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * A submission's certificate id, derived from its Idempotency-Key when it has one: a
 * classroom relay and the upstream it forwards to then give the student the same
 * certificate (the link the relay shows is the one the upstream stores, verifies and
 * emails). The key is the device's own random secret and a hash does not reveal it;
 * without a key, a random id.
 */
export function certificateIdFor(key: string | null): string {
  if (key === null) return newCertificateId();
  return createHash('sha256').update(`certificate:${key}`).digest('hex').slice(0, 32);
}

export function isCertificateId(value: string): boolean {
  return CERTIFICATE_ID_PATTERN.test(value);
}

/** The columns of a quiz_submissions row a certificate is drawn from (no email). */
export interface CertificateRow {
  certificate_id: string;
  name: string;
  language: string;
  result: unknown;
  created_at: unknown;
  /** The organisation of its classroom session (a join on classroom_sessions), if any. */
  organisation?: string | null;
}

function parsedJson(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

export function certificateUrl(publicUrl: string, id: string): string {
  return `${publicUrl}${certificatePagePath(id)}`;
}

export function certificateData(row: CertificateRow, publicUrl: string): CertificateData {
  return {
    certificateId: row.certificate_id,
    name: row.name,
    language: isQuizLanguage(row.language) ? row.language : 'english',
    issuedAt: new Date(iso(row.created_at)),
    result: parsedJson(row.result) as QuizResult,
    verifyUrl: certificateUrl(publicUrl, row.certificate_id),
    ...(row.organisation ? { organisation: row.organisation } : {}),
  };
}

export function certificateRecord(row: CertificateRow, publicUrl: string): CertificateRecord {
  const data = certificateData(row, publicUrl);
  return {
    valid: true,
    certificateId: data.certificateId,
    name: data.name,
    language: data.language,
    issuedAt: data.issuedAt.toISOString(),
    result: data.result,
    certificateUrl: data.verifyUrl,
    imageUrl: certificateImagePath(data.certificateId),
    ...(data.organisation ? { organisation: data.organisation } : {}),
  };
}

export async function findCertificate(db: Kysely<Database>, id: string): Promise<CertificateRow | undefined> {
  if (!isCertificateId(id)) return undefined;
  return db
    .selectFrom('quiz_submissions as q')
    .leftJoin('classroom_sessions as s', 's.code', 'q.session_code')
    .select(['q.certificate_id', 'q.name', 'q.language', 'q.result', 'q.created_at', 's.organisation'])
    .where('q.certificate_id', '=', id)
    .executeTakeFirst();
}

/** Rendered PNGs by certificate id, least recently used evicted first; renders in flight are shared. */
export class CertificateImages {
  private readonly done = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  constructor(
    private readonly publicUrl: string,
    private readonly capacity = 64,
    private readonly render: (data: CertificateData) => Promise<Buffer> = renderCertificatePng,
  ) {}

  /** The PNG of a stored certificate. */
  async png(row: CertificateRow): Promise<Buffer> {
    const id = row.certificate_id;
    const hit = this.done.get(id);
    if (hit) {
      this.done.delete(id);
      this.done.set(id, hit);
      return hit;
    }
    let job = this.pending.get(id);
    if (!job) {
      job = this.render(certificateData(row, this.publicUrl));
      this.pending.set(id, job);
      job.then(
        (png) => {
          this.pending.delete(id);
          this.remember(id, png);
        },
        () => this.pending.delete(id),
      );
    }
    return job;
  }

  /** Keeps a PNG rendered elsewhere (at submission, for the email). */
  remember(id: string, png: Buffer): void {
    this.done.delete(id);
    this.done.set(id, png);
    while (this.done.size > this.capacity) {
      const oldest = this.done.keys().next().value;
      if (oldest === undefined) break;
      this.done.delete(oldest);
    }
  }

  get size(): number {
    return this.done.size;
  }
}

/**
 * The mail worker's maker of 'certificate' attachments: the stored certificate's PNG,
 * drawn now (in the render pool) or taken from the cache.
 */
export function certificateAttachmentSource(db: Kysely<Database>, images: CertificateImages): (id: string) => Promise<Buffer> {
  return async (id) => {
    const row = await findCertificate(db, id);
    if (!row) throw new MissingAttachmentError(`Certificate ${id} does not exist`);
    return images.png(row);
  };
}

const imagesByDeps = new WeakMap<object, CertificateImages>();

/** One image cache per running app (keyed by its deps), shared by the submit route and the certificate routes. */
export function certificateImagesFor(deps: {
  config: { publicUrl: string };
  renderCertificate?: ((data: CertificateData) => Promise<Buffer>) | undefined;
}): CertificateImages {
  let images = imagesByDeps.get(deps);
  if (!images) {
    images = new CertificateImages(deps.config.publicUrl, undefined, deps.renderCertificate);
    imagesByDeps.set(deps, images);
  }
  return images;
}
