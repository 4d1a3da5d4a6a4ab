import { useMemo, useRef, useState } from 'react';
import { CarouselControls } from '../../components/CarouselControls.tsx';
import { IconPlay } from '../../components/Icons.tsx';
import { Meta } from '../../components/Meta.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Section } from '../../components/Section.tsx';
import {
  GALLERY_EN,
  GALLERY_FILTERS,
  GALLERY_IMAGE_SIZE,
  galleryImages,
  VIDEO_TESTIMONIALS,
  type GalleryFilter,
  type GalleryWords,
} from '../../content/gallery.ts';
import type { GalleryImage } from '../../content/types.ts';
import { prefersReducedMotion } from '../../hooks/useReducedMotion.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { usePageContent } from '../../i18n/PageContent.tsx';
import './gallery.css';

/** Spec §9: the video strip scrolls 300 px per click. */
export const STRIP_STEP_PX = 300;

function VideoStrip({ w }: { w: GalleryWords }) {
  const strip = useRef<HTMLUListElement>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const scroll = (dir: 1 | -1) =>
    strip.current?.scrollBy({ left: dir * STRIP_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  return (
    <Section
      headingId="videos-h"
      title={w.videosTitle}
      className="section--alt"
      action={<CarouselControls prevLabel={w.scrollLeft} nextLabel={w.scrollRight} onPrev={() => scroll(-1)} onNext={() => scroll(1)} />}
    >
      {/* A scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className="video-strip" ref={strip} data-testid="video-strip" tabIndex={0} aria-label={w.videosLabel}>
        {VIDEO_TESTIMONIALS.map((v, i) => {
          const name = w.names[i] ?? v.name;
          const institution = w.institutions[i] ?? v.institution;
          return (
            <li key={v.poster} className="video-card">
              {playing === i ? (
                // The clips are silent (generate-media.mjs encodes them with -an): no speech to caption.
                // eslint-disable-next-line jsx-a11y/media-has-caption
                <video poster={v.poster} width={240} height={426} controls autoPlay playsInline aria-label={`${name}, ${institution}`}>
                  {v.sources.map((s) => (
                    <source key={s.src} src={s.src} type={s.type} />
                  ))}
                </video>
              ) : (
                <button type="button" className="video-card__play" onClick={() => setPlaying(i)} aria-label={fill(w.playVideo, { name })}>
                  <img src={v.poster} alt="" width={240} height={426} loading="lazy" decoding="async" />
                  <span className="play-overlay" aria-hidden="true">
                    <IconPlay width={28} height={28} />
                  </span>
                </button>
              )}
              <p className="video-card__name">{name}</p>
              <p className="video-card__inst">{institution}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export default function GalleryPage() {
  const w = { ...GALLERY_EN, ...usePageContent<GalleryWords>() };
  const all = useMemo(() => galleryImages(w.scenes, w.photoAlt), [w.scenes, w.photoAlt]);
  const [filter, setFilter] = useState<GalleryFilter>('All');
  const [active, setActive] = useState<GalleryImage | null>(null);
  const images = filter === 'All' ? all : all.filter((g) => g.category === filter);
  const { width, height } = GALLERY_IMAGE_SIZE;
  return (
    <>
      <Meta title={w.title} description={w.description} />
      <section className="page-hero">
        <div className="container">
          <h1>{w.heading}</h1>
          <p className="lead">{w.lead}</p>
        </div>
      </section>
      <section className="section" aria-label={w.photosLabel}>
        <div className="container">
          <div className="filters" role="group" aria-label={w.filterLabel}>
            {GALLERY_FILTERS.map((f) => (
              <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {w.filters[f]}
              </button>
            ))}
          </div>
          <ul className="gallery-grid" data-testid="gallery-grid">
            {images.map((img, i) => (
              <li key={img.id}>
                <button
                  type="button"
                  className="gallery-grid__item"
                  onClick={() => setActive(img)}
                  aria-label={fill(w.openPhoto, { alt: img.alt })}
                >
                  <img src={img.src} alt="" width={width} height={height} loading={i < 4 ? 'eager' : 'lazy'} decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <VideoStrip w={w} />
      <Modal
        open={active !== null}
        onClose={() => setActive(null)}
        title={w.photoTitle}
        hideTitle
        className="modal--wide lightbox"
        closeLabel={w.closePhoto}
      >
        {active && <img src={active.src} alt={active.alt} width={width} height={height} className="lightbox__img" />}
        {active && <p className="lightbox__caption">{active.alt}</p>}
      </Modal>
    </>
  );
}
