/**
 * What the store's drawn pictures are made of, shared by the seed, which stores it (products.kind, banners.alt), and
 * the media service, which draws it on each request (services/catalogue/illustrations.ts). Here, beside the schema,
 * because the seed imports no service and a service never imports the seed.
 */

/** The shapes a product can be drawn as; products.kind holds one of these (unknown kinds get a plate). */
export const illustrationKinds = [
  'chicken',
  'whole-bird',
  'beef',
  'roast',
  'burger',
  'pork',
  'bacon',
  'lamb',
  'goat',
  'shank',
  'offal',
  'bones',
  'fish',
  'salmon',
  'white-fish',
  'tuna',
  'shellfish',
  'lobster',
  'crab',
  'oyster',
  'mussel',
  'scallop',
  'squid',
  'sausage',
  'cold-cuts',
  'ready-to-cook',
  'gift',
  'bottle',
] as const;
export type IllustrationKind = (typeof illustrationKinds)[number];

export interface BannerCopy {
  eyebrow: string;
  title: string;
  subtitle: string;
  /** The banner's text alternative, stored in banners.alt. */
  alt: string;
}

/**
 * The home banners all promote the Valentine's Collection (category 1017), which they link to. Every shopper sees them
 * (Delivery, Dine-In and Pick-Up alike, before the home call answers), so none speaks of one way of getting it.
 */
export const bannerCopy: readonly BannerCopy[] = [
  {
    eyebrow: "VALENTINE'S COLLECTION",
    title: 'Steaks, lobster and oysters for two',
    subtitle: 'Dinner for two, at home or at our partner restaurants',
    alt: "Valentine's Collection — steaks, lobster and oysters for two",
  },
  {
    eyebrow: "VALENTINE'S COLLECTION",
    title: 'Surf & turf for two',
    subtitle: 'Center-cut filet mignon with Maine lobster tails',
    alt: "Valentine's Collection — surf & turf date night with filet mignon and lobster tails",
  },
  {
    eyebrow: "VALENTINE'S COLLECTION",
    title: 'A night in with oysters & king crab',
    subtitle: 'Fresh from the fishmonger, shucked or ready to steam',
    alt: "Valentine's Collection — oysters, scallops and king crab for a night in",
  },
];
