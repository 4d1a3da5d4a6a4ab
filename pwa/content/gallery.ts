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

/**
 * 40 images across three categories (spec §9). Files: /images/gallery/gNN.webp, 480×360.
 * Each alt is its scene in `photoAlt` ('{scene}', '{n}'), so a page in another language
 * describes the same pictures in its own words.
 */
export function galleryImages(scenes: Record<GalleryCategory, readonly string[]>, photoAlt: string): GalleryImage[] {
  return Array.from({ length: 40 }, (_, i) => {
    const category = ORDER[i % 3]!;
    const inCategory = scenes[category];
    const scene = inCategory[Math.floor(i / 3) % inCategory.length]!;
    const n = String(i + 1).padStart(2, '0');
    const alt = photoAlt.replace('{scene}', scene).replace('{n}', String(i + 1));
    return { id: i + 1, src: `/images/gallery/g${n}.webp`, alt, category };
  });
}

export const GALLERY_IMAGES: GalleryImage[] = galleryImages(SCENES, '{scene} (photo {n})');

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

/** The gallery page's words: what content/hi/gallery.ts gives in Hindi (the files stay these). */
export interface GalleryWords {
  title: string;
  description: string;
  heading: string;
  lead: string;
  photosLabel: string;
  filterLabel: string;
  filters: Record<GalleryFilter, string>;
  /** Each category's scenes, as many as SCENES has, in its order. */
  scenes: Record<GalleryCategory, string[]>;
  /** A photo's alt text: '{scene}' and its number '{n}'. */
  photoAlt: string;
  /** '{alt}' is the photo's alt text. */
  openPhoto: string;
  photoTitle: string;
  closePhoto: string;
  videosTitle: string;
  videosLabel: string;
  scrollLeft: string;
  scrollRight: string;
  /** '{name}' is the student's name. */
  playVideo: string;
  /** The students' names, in the order of VIDEO_TESTIMONIALS. */
  names: string[];
  /** Their colleges, in the same order. */
  institutions: string[];
}

export const GALLERY_EN: GalleryWords = {
  title: 'Gallery',
  description: 'Photos and student videos from SkillUp classes, activities and batches across India.',
  heading: 'Gallery',
  lead: 'Moments from our classes, activities and graduating batches.',
  photosLabel: 'Photos',
  filterLabel: 'Filter photos',
  filters: { All: 'All', Activity: 'Activity', Group: 'Group', Class: 'Class' },
  scenes: SCENES,
  photoAlt: '{scene} (photo {n})',
  openPhoto: 'Open photo: {alt}',
  photoTitle: 'Photo',
  closePhoto: 'Close photo',
  videosTitle: 'Student video testimonials',
  videosLabel: 'Video testimonials',
  scrollLeft: 'Scroll videos left',
  scrollRight: 'Scroll videos right',
  playVideo: "Play {name}'s video",
  names: VIDEO_TESTIMONIALS.map((v) => v.name),
  institutions: VIDEO_TESTIMONIALS.map((v) => v.institution),
};
