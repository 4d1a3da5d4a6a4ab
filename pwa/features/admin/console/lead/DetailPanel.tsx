// A lead in full: every field (a contact message whole), its status, its owner and next
// step, the activity logger, where it came from and what was consented to, and one
// timeline of everything that happened to it and everything the same person sent. What a
// member may change follows their role (a viewer reads; only admins assign anyone or erase).
import { useCallback, useMemo, useState } from 'react';
import { leadPath } from '../../../../../contract/console.ts';
import type { LeadDetail } from '../../../../../contract/lead-detail.ts';
import type { LeadField, LeadListDef, LeadStatus, ListSlug } from '../../../../../contract/lead-kinds.ts';
import { Modal } from '../../../../components/Modal.tsx';
import { useToast } from '../../../../components/Toast.tsx';
import { AdminRequestError, adminRequest } from '../common/request.ts';
import { serverOr, useAdminData } from '../common/use-admin-data.ts';
import { FieldValue } from './FieldValue.tsx';
import { statusLabel } from '../common/format.ts';
import { useListChanges } from '../common/lead-events.tsx';
import { ConfirmErase, leadName, StatusSelect } from '../common/controls.tsx';
import { useMember } from '../common/member.tsx';
import { ActivityLogger, type ActivityBody } from './ActivityLogger.tsx';
import { ConsentSection, NoteForm, SourceSection } from './LeadFacts.tsx';
import { Timeline } from './Timeline.tsx';
import { WorkSection, type LeadPatch } from './WorkSection.tsx';
import { ReceiptDownload } from './ReceiptDownload.tsx';
import { PaymentActions } from './PaymentActions.tsx';
import { UtrCheck, type UtrClaim } from './UtrCheck.tsx';
import type { PaymentStatus } from '../../../../../contract/bookings.ts';
import { ReachBar } from './ReachBar.tsx';
import { ScoreSection } from '../score/ScoreSection.tsx';
import { TagsSection } from './TagsSection.tsx';
import type { ReachType } from './reach.ts';

interface Props {
  slug: ListSlug;
  list: LeadListDef;
  id: string;
  onClose(): void;
  /** The lead changed here: the list refreshes. */
  onChanged(): void;
  /** The lead was erased here: the panel closes, the list refreshes. */
  onErased(): void;
  /** Opened by a tap on the row's WhatsApp or call: the attempt is recorded and its outcome asked. */
  started?: ReachType;
}

type Sent = LeadDetail & { activity?: { _id: string } };

type State = { state: 'loading' } | { state: 'ready'; detail: LeadDetail } | { state: 'error'; message: string; status: number };

/** The lead's detail, reloaded when another member changes it (the panel keeps showing it meanwhile). */
function useLeadDetail(slug: ListSlug, id: string): [State, (s: State) => void, () => void] {
  const [detail, reload, replace] = useAdminData<LeadDetail>(leadPath(slug, id), serverOr('Could not load this lead.'));
  // Changed by another member (or a bulk change): show the new state.
  useListChanges(slug, (change) => {
    if (change.all || change.ids.has(id)) reload();
  });
  const loaded = useMemo<State>(
    () => (detail.state === 'error' ? detail : detail.data ? { state: 'ready', detail: detail.data } : { state: 'loading' }),
    [detail],
  );
  const setLoaded = useCallback(
    (s: State) => {
      if (s.state === 'ready') replace(s.detail);
    },
    [replace],
  );
  return [loaded, setLoaded, reload];
}

/** Deleting the lead: asked first, then the panel closes (or says why it could not). */
function useErase(slug: ListSlug, id: string, onErased: () => void) {
  const toast = useToast();
  const [confirmErase, setConfirmErase] = useState(false);
  const [erasing, setErasing] = useState(false);
  const erase = async () => {
    setErasing(true);
    try {
      await adminRequest(leadPath(slug, id), { method: 'DELETE' });
      toast.show('Lead deleted', 'success');
      onErased();
    } catch (err) {
      if (err instanceof AdminRequestError && err.status !== 401)
        toast.show(err.serverMessage ?? 'Could not delete the lead. Please try again.', 'error');
      setErasing(false);
      setConfirmErase(false);
    }
  };
  return { confirmErase, setConfirmErase, erasing, erase };
}

/** The changes a member makes to the lead: its fields and status, an activity, a reach attempt and its outcome. */
function useLeadActions(slug: ListSlug, id: string, setLoaded: (s: State) => void, onChanged: () => void) {
  const toast = useToast();
  /** A change to the lead (PATCH) or an activity logged on it (POST): the panel shows the answer. */
  const send = useCallback(
    async (method: 'PATCH' | 'POST', path: string, body: object): Promise<Sent | undefined> => {
      try {
        const { data } = await adminRequest<Sent>(path, { method, body });
        setLoaded({ state: 'ready', detail: data });
        onChanged();
        return data;
      } catch (err) {
        if (err instanceof AdminRequestError && err.status !== 401)
          toast.show(err.serverMessage ?? 'Could not save. Please try again.', 'error');
        return undefined;
      }
    },
    [onChanged, toast, setLoaded],
  );
  const update = useCallback(
    async (body: { status?: LeadStatus; note?: string; tag?: string; untag?: string } & LeadPatch) =>
      (await send('PATCH', leadPath(slug, id), body)) !== undefined,
    [send, slug, id],
  );
  const log = useCallback(
    async (body: ActivityBody) => {
      const detail = await send('POST', `${leadPath(slug, id)}/activities`, body);
      if (detail) toast.show(`${detail.data.status === 'converted' ? 'Enrolled! ' : ''}Activity saved`, 'success');
      return detail;
    },
    [send, slug, id, toast],
  );
  const reachAttempt = useCallback(
    async (type: ReachType) => (await send('POST', `${leadPath(slug, id)}/activities`, { type }))?.activity?._id,
    [send, slug, id],
  );
  const reachOutcome = useCallback(
    async (activityId: string, { type: _type, ...body }: ActivityBody) => {
      const detail = await send('PATCH', `${leadPath(slug, id)}/activities/${encodeURIComponent(activityId)}`, body);
      if (detail) toast.show(`${detail.data.status === 'converted' ? 'Enrolled! ' : ''}Outcome saved`, 'success');
      return detail !== undefined;
    },
    [send, slug, id, toast],
  );
  return { update, log, reachAttempt, reachOutcome };
}

export function DetailPanel({ slug, list, id, onClose, onChanged, onErased, started }: Props) {
  const toast = useToast();
  const member = useMember();
  const [loaded, setLoaded, reload] = useLeadDetail(slug, id);
  const { confirmErase, setConfirmErase, erasing, erase } = useErase(slug, id, onErased);
  const { update, log, reachAttempt, reachOutcome } = useLeadActions(slug, id, setLoaded, onChanged);

  const title = loaded.state === 'ready' ? leadName(loaded.detail.data) || list.title : list.title;
  return (
    <Modal open onClose={onClose} title={title} className="lead-panel" closeLabel="Close the lead">
      {loaded.state === 'loading' && <p aria-busy="true">Loading…</p>}
      {loaded.state === 'error' && (
        <div className="console-error" role="alert">
          <p>{loaded.message}</p>
          {loaded.status !== 404 && (
            <button type="button" className="btn btn--small" onClick={reload}>
              Try again
            </button>
          )}
        </div>
      )}
      {loaded.state === 'ready' && (
        <LeadBody
          slug={slug}
          list={list}
          detail={loaded.detail}
          onStatus={async (status) => {
            if (await update({ status })) toast.show(`Status set to ${statusLabel(status)}`, 'success');
          }}
          onNote={(note) => update({ note })}
          onPatch={update}
          onLog={log}
          reach={{ onAttempt: reachAttempt, onOutcome: reachOutcome, started }}
        />
      )}
      {loaded.state === 'ready' && list.panels?.includes('payment') && member.can('payments.confirm') && (
        <PaymentActions
          id={id}
          status={loaded.detail.data.paymentStatus as PaymentStatus}
          onChanged={() => {
            reload();
            onChanged();
          }}
        />
      )}
      {loaded.state === 'ready' && list.panels?.includes('payment') && typeof loaded.detail.data.paymentId === 'string' && (
        <ReceiptDownload id={id} />
      )}
      {loaded.state === 'ready' &&
        list.panels?.includes('payment') &&
        member.can('leads.work') &&
        typeof loaded.detail.data.utr === 'string' && (
          <UtrCheck
            id={id}
            claim={loaded.detail.data as unknown as UtrClaim}
            onChanged={() => {
              reload();
              onChanged();
            }}
          />
        )}
      {loaded.state === 'ready' && member.can('leads.erase') && (
        <div className="lead-erase">
          <button type="button" className="btn btn--danger btn--small" onClick={() => setConfirmErase(true)}>
            Delete this lead
          </button>
        </div>
      )}
      {confirmErase && <ConfirmErase count={1} busy={erasing} onCancel={() => setConfirmErase(false)} onConfirm={() => void erase()} />}
    </Modal>
  );
}

function LeadBody({
  slug,
  list,
  detail,
  onStatus,
  onNote,
  onPatch,
  onLog,
  reach,
}: {
  reach: Pick<Parameters<typeof ReachBar>[0], 'onAttempt' | 'onOutcome' | 'started'>;
  slug: ListSlug;
  list: LeadListDef;
  detail: LeadDetail;
  onStatus: (s: LeadStatus) => Promise<void>;
  onNote: (note: string) => Promise<boolean>;
  onPatch: (p: LeadPatch & { tag?: string; untag?: string }) => Promise<boolean>;
  onLog: (body: ActivityBody) => Promise<LeadDetail | undefined>;
}) {
  const member = useMember();
  const works = member.can('leads.work');
  const item = detail.data;
  const fields: LeadField[] = [
    ...list.columns,
    { key: list.timeField, label: list.timeField === 'joinedAt' ? 'Joined' : 'Submitted', kind: 'date' },
  ];
  return (
    <div className="lead-panel__body">
      {works && <ReachBar lead={item} {...reach} />}
      <dl className="lead-fields">
        {fields.map((f) => (
          <div key={f.key} className={`lead-fields__row lead-fields__row--${f.kind}`}>
            <dt>{f.label}</dt>
            <dd>
              <FieldValue field={f} item={item} full />
            </dd>
          </div>
        ))}
        <div className="lead-fields__row">
          <dt>Status</dt>
          <dd className="lead-status">
            <StatusSelect value={item.status} label="Status" onChange={(s) => void onStatus(s)} disabled={!works} />
            {works && item.status === 'spam' && (
              <button type="button" className="btn btn--small" onClick={() => void onStatus('new')}>
                Not spam
              </button>
            )}
          </dd>
        </div>
      </dl>
      <ScoreSection score={detail.score} />
      <WorkSection data={item} onPatch={onPatch} />
      <TagsSection slug={slug} tags={detail.tags} editable={works} onChange={onPatch} />
      {works && <ActivityLogger onLog={onLog} />}
      {works && <NoteForm onNote={onNote} />}
      <Timeline entries={detail.timeline} />
      <SourceSection source={detail.source} />
      <ConsentSection consent={detail.consent} />
    </div>
  );
}
