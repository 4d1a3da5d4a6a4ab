// Typed shapes of the site's editable content (spec §3). Pages render these; the business
// edits the modules beside this file.

export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface FaqItem {
  question: string;
  /** A paragraph, or a list of points. */
  answer: string | string[];
}

export interface Stat {
  value: number;
  suffix: string;
  label: string;
}

export interface Testimonial {
  name: string;
  image: string;
  /** Institution or employer. */
  company: string;
  /** Spec §3: read but never set. */
  role?: string;
  review: string;
}

export interface CourseFeature {
  title: string;
  description: string;
}

export interface CourseHeader {
  badge: string;
  title: string;
  description: string;
  image: Image;
  /** Shown as "Starts at …" when set. */
  price?: string;
  jobAssistance: string;
  startDate: string;
  duration: string;
  mode: string;
  language: string;
}

export interface PricingPackage {
  title: string;
  priceText: string;
  priceNote?: string;
  features: string[];
  highlight: boolean;
  /** External payment page; absent for the free package, which opens the join-free modal. */
  paymentLink?: string;
  button: string;
}

export interface BlogBlock {
  heading?: string;
  text?: string;
  subImage?: Image;
}

export interface BlogPost {
  id: string;
  title: string;
  subtitle: string;
  date: string;
  image: Image;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  content: BlogBlock[];
}

export interface BlogCard {
  id: string;
  title: string;
  description: string;
  image: Image;
  link: string;
  metaTitle: string;
  metaDescription: string;
}

export type GalleryCategory = 'Activity' | 'Group' | 'Class';

export interface GalleryImage {
  id: number;
  src: string;
  alt: string;
  category: GalleryCategory;
}

export interface VideoTestimonial {
  name: string;
  institution: string;
  poster: string;
  sources: VideoSource[];
}

export interface VideoSource {
  src: string;
  type: string;
}
