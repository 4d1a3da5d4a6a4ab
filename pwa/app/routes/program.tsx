// A programme page with its two next steps composed in: "Buy now" opens the
// booking form, "Request a proposal" the organisation's form. Both are lazy: their code
// loads when a visitor presses the button, not with the page.
import { lazy, Suspense, useState } from 'react';
import { Section } from '../../components/Section.tsx';
import { useSectionWords } from '../../components/useSectionWords.ts';
import { fill } from '../../i18n/LangContext.tsx';
import { ProgramPage } from '../../features/programs/ProgramPage.tsx';

const BookingModal = lazy(() => import('../../features/booking/BookingModal.tsx'));
const ProposalModal = lazy(() => import('../../features/proposal/ProposalModal.tsx'));

type Open = { form: 'booking' | 'proposal'; programme: string } | undefined;

function ProposalCall({ programme, onOpen }: { programme: string; onOpen: () => void }) {
  const w = useSectionWords();
  return (
    <Section headingId="proposal-h" title={w.proposalTitle} className="section--alt">
      <p className="prose">{fill(w.proposalText, { programme })}</p>
      <button type="button" className="btn btn--primary" onClick={onOpen}>
        {w.proposalButton}
      </button>
    </Section>
  );
}

export default function ProgramRoute() {
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  return (
    <>
      <ProgramPage
        onBuy={(programme) => setOpen({ form: 'booking', programme })}
        proposal={(programme, shownAs) => <ProposalCall programme={shownAs} onOpen={() => setOpen({ form: 'proposal', programme })} />}
      />
      {open && (
        <Suspense fallback={null}>
          {open.form === 'booking' ? (
            <BookingModal programme={open.programme} onClose={close} />
          ) : (
            <ProposalModal programme={open.programme} onClose={close} />
          )}
        </Suspense>
      )}
    </>
  );
}
