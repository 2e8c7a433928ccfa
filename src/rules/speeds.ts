/**
 * The spec's delivery speeds. Shoppers pick Same Day / Next Day / Farm Direct; the API and database carry the
 * internal values local / courier / farm-direct.
 */
export const speedValues = ['local', 'courier', 'farm-direct'] as const;
export type SpeedValue = (typeof speedValues)[number];

export const speedNames = ['Same Day', 'Next Day', 'Farm Direct'] as const;
export type SpeedName = (typeof speedNames)[number];

export interface Speed {
  value: SpeedValue;
  /** What the speed selector offers. */
  name: SpeedName;
}

/** In the order the SPEED dropdown lists them. */
export const speeds: readonly Speed[] = [
  { value: 'local', name: 'Same Day' },
  { value: 'courier', name: 'Next Day' },
  { value: 'farm-direct', name: 'Farm Direct' },
];

export function isSpeedValue(value: unknown): value is SpeedValue {
  return typeof value === 'string' && (speedValues as readonly string[]).includes(value);
}

export function speedName(value: SpeedValue): SpeedName {
  return speedOf(value).name;
}

/** The speeds among `available`, in the dropdown's order (duplicates and unknown values dropped). */
export function orderedSpeeds(available: readonly string[]): SpeedValue[] {
  return speedValues.filter((value) => available.includes(value));
}

function speedOf(value: SpeedValue): Speed {
  const found = speeds.find((s) => s.value === value);
  // speeds lists every SpeedValue, so this cannot miss; the throw keeps the type honest without a cast.
  if (!found) throw new RangeError(`Unknown speed ${String(value)}`);
  return found;
}
