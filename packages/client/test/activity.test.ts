import { afterEach, describe, expect, it } from 'vitest';
import { ActivityTracker, type ActivityState } from '../src/activity/activity-tracker.ts';
import { ManualClock } from './manual-clock.ts';

const cleanup: Array<() => unknown> = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});

function setup() {
  const clock = new ManualClock();
  const target = new EventTarget();
  const tracker = new ActivityTracker({ clock, target });
  const calls: string[] = [];
  tracker.add({
    sleep: () => calls.push('cache.sleep'),
    wake: () => calls.push('cache.wake'),
  });
  tracker.add({
    suspend: () => calls.push('relays.suspend'),
    resume: () => calls.push('relays.resume'),
  });
  const states: ActivityState[] = [tracker.getSnapshot().state];
  tracker.subscribe(() => {
    const s = tracker.getSnapshot().state;
    if (states.at(-1) !== s) states.push(s);
  });
  tracker.start();
  cleanup.push(() => tracker.stop());
  return { clock, target, tracker, calls, states };
}

describe('ActivityTracker', () => {
  it('sleeps after 5 minutes without input, wakes on input, woke after 36 s', () => {
    const { clock, target, tracker, calls, states } = setup();
    clock.advance(5 * 60_000 - 1);
    expect(tracker.getSnapshot().state).toBe('woke');
    clock.advance(1);
    expect(tracker.getSnapshot().state).toBe('sleep');
    expect(calls).toEqual(['cache.sleep', 'relays.suspend']);
    target.dispatchEvent(new Event('keydown'));
    expect(tracker.getSnapshot().state).toBe('waking');
    expect(calls.slice(2)).toEqual(['cache.wake', 'relays.resume']);
    clock.advance(35_999);
    expect(tracker.getSnapshot().state).toBe('waking');
    clock.advance(1);
    expect(states).toEqual(['woke', 'sleep', 'waking', 'woke']);
  });

  it('mouse moves and scrolls keep it awake', () => {
    const { clock, target, tracker, calls } = setup();
    let notified = 0;
    tracker.subscribe(() => notified++);
    for (let i = 0; i < 10; i++) {
      clock.advance(4 * 60_000);
      target.dispatchEvent(new Event(i % 2 ? 'mousemove' : 'scroll'));
      expect(tracker.lastActivity).toBe(clock.now());
    }
    expect(tracker.getSnapshot().state).toBe('woke');
    expect(calls).toEqual([]);
    // Input while awake only records the time: subscribers are not woken on every mouse move.
    expect(notified).toBe(0);
    clock.advance(5 * 60_000);
    expect(tracker.getSnapshot().state).toBe('sleep');
  });

  it('ignores input after stop()', () => {
    const { clock, target, tracker } = setup();
    clock.advance(5 * 60_000);
    tracker.stop();
    target.dispatchEvent(new Event('keydown'));
    expect(tracker.getSnapshot().state).toBe('sleep');
  });
});
