// A clock a test moves by hand, injected as `clock` wherever the code asks for the time:
// tokens, throttles, reset links and mail retries expire without the test waiting.
export interface FakeClock {
  /** The injected clock: the current fake time. */
  fn: () => Date;
  advance(ms: number): void;
}

export function fakeClock(start = Date.now()): FakeClock {
  let now = start;
  return {
    fn: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
