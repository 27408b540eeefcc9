import { describe, expect, it } from 'vitest';
import { DURATION_RANGE_MESSAGE, parseDurationInput } from './durationInput';

describe("the shot panel's duration field", () => {
  it('reads seconds with a point or a comma, rounded to hundredths', () => {
    expect(parseDurationInput('4.5')).toEqual({ duration: 4.5 });
    expect(parseDurationInput(' 2,125 ')).toEqual({ duration: 2.13 });
  });

  it("goes back to the take's length when emptied", () => {
    expect(parseDurationInput('')).toEqual({ duration: null });
  });

  it('refuses text and lengths outside half a second to ten minutes', () => {
    for (const text of ['abc', '0.2', '601', '-3']) {
      expect(parseDurationInput(text)).toEqual({ error: DURATION_RANGE_MESSAGE });
    }
  });
});
