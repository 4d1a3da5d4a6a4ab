import type { Image } from './types.ts';

/** A programme's sample certificate (scripts/generate-media.mjs draws one per programme page). */
export const sampleCertificate = (file: string, student: string, course: string): Image => ({
  src: `/images/certificates/${file}.svg`,
  alt: `Sample SkillUp certificate of completion: ${student}, ${course}`,
  width: 800,
  height: 566,
});
