// "Notify me on this device": subscribes this browser to the member's notifications, or
// says in words why it cannot (not a secure page, no push in this browser, blocked).
import { useEffect, useState } from 'react';
import { deviceSubscription, pushUnavailable, subscribeDevice, unsubscribeDevice } from './push-device.ts';

type State = { kind: 'checking' } | { kind: 'off' } | { kind: 'on' } | { kind: 'busy' } | { kind: 'unavailable'; reason: string };

export function DevicePush() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const reason = pushUnavailable();
    if (reason) return setState({ kind: 'unavailable', reason });
    let live = true;
    deviceSubscription().then(
      (s) => live && setState({ kind: s ? 'on' : 'off' }),
      () => live && setState({ kind: 'off' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const change = async (work: () => Promise<void>, after: 'on' | 'off') => {
    setProblem(undefined);
    setState({ kind: 'busy' });
    try {
      await work();
      setState({ kind: after });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      const reason = pushUnavailable();
      setState(reason ? { kind: 'unavailable', reason } : { kind: after === 'on' ? 'off' : 'on' });
    }
  };
  return (
    <div className="device-push">
      {state.kind === 'unavailable' && <p className="device-push__why">{state.reason}</p>}
      {state.kind === 'on' && (
        <p className="device-push__state">
          This device is notified.{' '}
          <button type="button" className="link-btn" onClick={() => void change(unsubscribeDevice, 'off')}>
            Stop
          </button>
        </p>
      )}
      {(state.kind === 'off' || state.kind === 'busy' || state.kind === 'checking') && (
        <button type="button" className="btn btn--small" disabled={state.kind !== 'off'} onClick={() => void change(subscribeDevice, 'on')}>
          {state.kind === 'busy' ? 'Turning on…' : 'Notify me on this device'}
        </button>
      )}
      {problem && state.kind !== 'unavailable' && (
        <p className="device-push__why" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
