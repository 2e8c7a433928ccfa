/** The spec's responsive breakpoints (px). */
export const breakpoints = { xs: 575, sm: 767, md: 991, lg: 1199, xl: 1440 } as const;

export const media = {
  upToXs: `screen and (max-width: ${breakpoints.xs}px)`,
  upToSm: `screen and (max-width: ${breakpoints.sm}px)`,
  upToMd: `screen and (max-width: ${breakpoints.md}px)`,
  upToLg: `screen and (max-width: ${breakpoints.lg}px)`,
  fromSm: `screen and (min-width: ${breakpoints.sm + 1}px)`,
  /** Laptops and wider: the header on one row, with room to spare. */
  fromLg: `screen and (min-width: ${breakpoints.lg + 1}px)`,
  /** Tablets and small laptops: wider than a phone, narrower than the header's one row (768–1199 px). */
  fromSmUpToLg: `screen and (min-width: ${breakpoints.sm + 1}px) and (max-width: ${breakpoints.lg}px)`,
  /** Tablets (768–991 px): the header's first row has no room left for the Delivery Options line. */
  fromSmUpToMd: `screen and (min-width: ${breakpoints.sm + 1}px) and (max-width: ${breakpoints.md}px)`,
} as const;
