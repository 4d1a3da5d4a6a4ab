import type { GalleryCategory, GalleryImage, VideoTestimonial } from './types.ts';

export const GALLERY_FILTERS = ['All', 'Activity', 'Group', 'Class'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

const SCENES: Record<GalleryCategory, string[]> = {
  Activity: [
    'Students playing a trust-building game',
    'A role play of a customer call',
    'A mock interview in progress',
    'Teams building a paper tower against the clock',
    'A debate round on campus',
    'Students presenting a poster',
    'An icebreaker circle on the lawn',
  ],
  Group: [
    'A graduating batch with their certificates',
    'Mentors and students after a workshop',
    'A school group at the annual showcase',
    'A corporate fresher batch on day one',
    'Volunteers at a community session',
    'A college batch celebrating placements',
  ],
  Class: [
    'A trainer leading a live session',
    'Students taking notes in class',
    'A whiteboard lesson on active listening',
    'A hybrid class with online learners',
    'A small-batch group discussion',
    'A presentation skills lesson',
    'A writing workshop on professional emails',
  ],
};

const ORDER: GalleryCategory[] = ['Activity', 'Group', 'Class'];

/** 40 images across three categories (spec §9). Files: /images/gallery/gNN.webp, 480×360. */
export const GALLERY_IMAGES: GalleryImage[] = Array.from({ length: 40 }, (_, i) => {
  const category = ORDER[i % 3]!;
  const scenes = SCENES[category];
  const scene = scenes[Math.floor(i / 3) % scenes.length]!;
  const n = String(i + 1).padStart(2, '0');
  return { id: i + 1, src: `/images/gallery/g${n}.webp`, alt: `${scene} (photo ${i + 1})`, category };
});

export const GALLERY_IMAGE_SIZE = { width: 480, height: 360 } as const;

const TESTIMONIAL_CLIP = [
  { src: '/video/testimonial.webm', type: 'video/webm' },
  { src: '/video/testimonial.mp4', type: 'video/mp4' },
];

/** Student video testimonials: 7 (spec §9). */
export const VIDEO_TESTIMONIALS: VideoTestimonial[] = [
  { name: 'Aisha Khan', institution: 'Lady Shri Ram College', poster: '/images/videos/v1.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Karan Malhotra', institution: 'Delhi Technological University', poster: '/images/videos/v2.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Sneha Reddy', institution: 'Christ University', poster: '/images/videos/v3.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Vikas Yadav', institution: 'Amity University', poster: '/images/videos/v4.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Pooja Sharma', institution: 'Kirori Mal College', poster: '/images/videos/v5.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Imran Sheikh', institution: 'Jamia Hamdard', poster: '/images/videos/v6.webp', sources: TESTIMONIAL_CLIP },
  { name: 'Ritika Joshi', institution: 'Symbiosis, Pune', poster: '/images/videos/v7.webp', sources: TESTIMONIAL_CLIP },
];
