import { useState } from 'react';
import type { Image } from '../content/types.ts';
import { Modal } from './Modal.tsx';
import { useSectionWords } from './useSectionWords.ts';

interface Props {
  title: string;
  criteria: string[];
  /** The page's own sample certificate. */
  image: Image;
}

/** Certificate criteria and a sample certificate that zooms in a modal when clicked. */
export function CertificateBlock({ title, criteria, image: img }: Props) {
  const [zoom, setZoom] = useState(false);
  const w = useSectionWords();
  return (
    <section className="section certificate" aria-labelledby="certificate-h">
      <div className="container split">
        <div>
          <h2 id="certificate-h" className="section__title">
            {title}
          </h2>
          <ul className="checklist" data-testid="certificate-criteria">
            {criteria.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="certificate__thumb" onClick={() => setZoom(true)} aria-label={w.zoomCertificate}>
          <img src={img.src} alt={img.alt} width={img.width} height={img.height} loading="lazy" decoding="async" />
        </button>
      </div>
      <Modal
        open={zoom}
        onClose={() => setZoom(false)}
        title={w.sampleCertificate}
        hideTitle
        className="modal--wide"
        closeLabel={w.closeCertificate}
      >
        <img src={img.src} alt={img.alt} width={img.width} height={img.height} className="certificate__zoomed" />
      </Modal>
    </section>
  );
}
