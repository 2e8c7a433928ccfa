/** The spec's responsive breakpoints (px). */
export const breakpoints = { xs: 575, sm: 767, md: 991, lg: 1199, xl: 1440 } as const;

export const media = {
  upToXs: `screen and (max-width: ${breakpoints.xs}px)`,
  upToSm: `screen and (max-width: ${breakpoints.sm}px)`,
  upToMd: `screen and (max-width: ${breakpoints.md}px)`,
  upToLg: `screen and (max-width: ${breakpoints.lg}px)`,
  fromSm: `screen and (min-width: ${breakpoints.sm + 1}px)`,
} as const;
