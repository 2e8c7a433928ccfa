/**
 * A delivery line written the way the US Postal Service standardises it (Publication 28: upper case, no punctuation,
 * Appendix C1 street suffixes, section 233 directionals, Appendix C2 secondary unit designators, ordinal street
 * names in figures), so that '350 Fifth Avenue', '350 5th Ave.' and '350  5TH  AV' are one door for the per-address
 * limits (issue 26 item 4). What the shopper typed is stored and shown as typed; only limits compare these keys.
 */

/** Appendix C1: every common spelling of a suffix → its standard abbreviation (the abbreviation maps to itself). */
const suffixSpellings: Readonly<Record<string, readonly string[]>> = {
  ALY: ['ALLEY', 'ALLEE', 'ALLY'],
  ANX: ['ANNEX', 'ANEX', 'ANNX'],
  ARC: ['ARCADE'],
  AVE: ['AVENUE', 'AV', 'AVEN', 'AVENU', 'AVN', 'AVNUE'],
  BYU: ['BAYOU', 'BAYOO'],
  BCH: ['BEACH'],
  BND: ['BEND'],
  BLF: ['BLUFF', 'BLUF'],
  BTM: ['BOTTOM', 'BOT', 'BOTTM'],
  BLVD: ['BOULEVARD', 'BOUL', 'BOULV'],
  BR: ['BRANCH', 'BRNCH'],
  BRG: ['BRIDGE', 'BRDGE'],
  BRK: ['BROOK'],
  BYP: ['BYPASS', 'BYPA', 'BYPAS', 'BYPS'],
  CP: ['CAMP', 'CMP'],
  CYN: ['CANYON', 'CANYN', 'CNYN'],
  CPE: ['CAPE'],
  CSWY: ['CAUSEWAY', 'CAUSWA'],
  CTR: ['CENTER', 'CEN', 'CENT', 'CENTR', 'CENTRE', 'CNTER', 'CNTR'],
  CIR: ['CIRCLE', 'CIRC', 'CIRCL', 'CRCL', 'CRCLE'],
  CLF: ['CLIFF'],
  CLB: ['CLUB'],
  CMN: ['COMMON'],
  COR: ['CORNER'],
  CRSE: ['COURSE'],
  CT: ['COURT'],
  CV: ['COVE'],
  CRK: ['CREEK'],
  CRES: ['CRESCENT', 'CRSENT', 'CRSNT'],
  XING: ['CROSSING', 'CRSSNG'],
  DL: ['DALE'],
  DM: ['DAM'],
  DV: ['DIVIDE', 'DIV', 'DVD'],
  DR: ['DRIVE', 'DRIV', 'DRV'],
  EST: ['ESTATE'],
  EXPY: ['EXPRESSWAY', 'EXP', 'EXPR', 'EXPRESS', 'EXPW'],
  EXT: ['EXTENSION', 'EXTN', 'EXTNSN'],
  FLS: ['FALLS'],
  FRY: ['FERRY', 'FRRY'],
  FLD: ['FIELD'],
  FLT: ['FLAT'],
  FRD: ['FORD'],
  FRST: ['FOREST', 'FORESTS'],
  FRG: ['FORGE', 'FORG'],
  FRK: ['FORK'],
  FT: ['FORT', 'FRT'],
  FWY: ['FREEWAY', 'FREEWY', 'FRWAY', 'FRWY'],
  GDN: ['GARDEN', 'GARDN', 'GRDEN', 'GRDN'],
  GTWY: ['GATEWAY', 'GATEWY', 'GATWAY', 'GTWAY'],
  GLN: ['GLEN'],
  GRN: ['GREEN'],
  GRV: ['GROVE', 'GROV'],
  HBR: ['HARBOR', 'HARB', 'HARBR', 'HRBOR'],
  HVN: ['HAVEN'],
  HTS: ['HEIGHTS', 'HT'],
  HWY: ['HIGHWAY', 'HIGHWY', 'HIWAY', 'HIWY', 'HWAY'],
  HL: ['HILL'],
  HLS: ['HILLS'],
  HOLW: ['HOLLOW', 'HLLW', 'HOLLOWS', 'HOLWS'],
  INLT: ['INLET'],
  IS: ['ISLAND', 'ISLND'],
  JCT: ['JUNCTION', 'JCTION', 'JCTN', 'JUNCTN', 'JUNCTON'],
  KY: ['KEY'],
  KNL: ['KNOLL', 'KNOL'],
  LK: ['LAKE'],
  LNDG: ['LANDING', 'LNDNG'],
  LN: ['LANE'],
  LGT: ['LIGHT'],
  LOOP: ['LOOPS'],
  MALL: [],
  MNR: ['MANOR'],
  MDW: ['MEADOW'],
  ML: ['MILL'],
  MSN: ['MISSION', 'MISSN', 'MSSN'],
  MTWY: ['MOTORWAY'],
  MT: ['MOUNT', 'MNT'],
  MTN: ['MOUNTAIN', 'MNTAIN', 'MNTN', 'MOUNTIN', 'MTIN'],
  NCK: ['NECK'],
  ORCH: ['ORCHARD', 'ORCHRD'],
  OVAL: ['OVL'],
  PARK: ['PRK'],
  PKWY: ['PARKWAY', 'PARKWY', 'PKWAY', 'PKY'],
  PASS: [],
  PATH: ['PATHS'],
  PIKE: ['PIKES'],
  PNES: ['PINES'],
  PL: ['PLACE'],
  PLN: ['PLAIN'],
  PLZ: ['PLAZA', 'PLZA'],
  PT: ['POINT'],
  PRT: ['PORT'],
  PR: ['PRAIRIE', 'PRR'],
  RADL: ['RADIAL', 'RAD', 'RADIEL'],
  RNCH: ['RANCH', 'RANCHES', 'RNCHS'],
  RPDS: ['RAPIDS'],
  RST: ['REST'],
  RDG: ['RIDGE', 'RDGE'],
  RIV: ['RIVER', 'RVR', 'RIVR'],
  RD: ['ROAD'],
  RTE: ['ROUTE'],
  ROW: [],
  RUN: [],
  SHL: ['SHOAL'],
  SHR: ['SHORE', 'SHOAR'],
  SKWY: ['SKYWAY'],
  SPG: ['SPRING', 'SPNG', 'SPRNG'],
  SPGS: ['SPRINGS', 'SPNGS', 'SPRNGS'],
  SQ: ['SQUARE', 'SQR', 'SQRE', 'SQU'],
  STA: ['STATION', 'STATN', 'STN'],
  STRM: ['STREAM', 'STREME'],
  ST: ['STREET', 'STRT', 'STR'],
  SMT: ['SUMMIT', 'SUMIT', 'SUMITT'],
  TER: ['TERRACE', 'TERR'],
  TRCE: ['TRACE', 'TRACES'],
  TRAK: ['TRACK', 'TRACKS', 'TRK', 'TRKS'],
  TRL: ['TRAIL', 'TRAILS', 'TRLS'],
  TUNL: ['TUNNEL', 'TUNEL', 'TUNLS', 'TUNNELS', 'TUNNL'],
  TPKE: ['TURNPIKE', 'TRNPK', 'TURNPK'],
  UN: ['UNION'],
  VLY: ['VALLEY', 'VALLY', 'VLLY'],
  VIA: ['VIADUCT', 'VDCT', 'VIADCT'],
  VW: ['VIEW'],
  VLG: ['VILLAGE', 'VILL', 'VILLAG', 'VILLG', 'VILLIAGE'],
  VL: ['VILLE'],
  VIS: ['VISTA', 'VIST', 'VST', 'VSTA'],
  WALK: [],
  WAY: ['WY'],
  WLS: ['WELLS'],
};

function spellingTable(spellings: Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [standard, others] of Object.entries(spellings)) {
    table.set(standard, standard);
    for (const other of others) table.set(other, standard);
  }
  return table;
}

const suffixes = spellingTable(suffixSpellings);

/** Section 233: directionals, spelled out or abbreviated, one word or two. */
const directionals = spellingTable({
  N: ['NORTH'],
  S: ['SOUTH'],
  E: ['EAST'],
  W: ['WEST'],
  NE: ['NORTHEAST'],
  NW: ['NORTHWEST'],
  SE: ['SOUTHEAST'],
  SW: ['SOUTHWEST'],
});

/** Appendix C2: secondary unit designators that take a number (APT 1, STE 200, # 2). */
const rangedUnits = spellingTable({
  APT: ['APARTMENT'],
  BLDG: ['BUILDING'],
  DEPT: ['DEPARTMENT'],
  FL: ['FLOOR'],
  HNGR: ['HANGAR'],
  KEY: [],
  LOT: [],
  PIER: [],
  RM: ['ROOM'],
  SLIP: [],
  SPC: ['SPACE'],
  STE: ['SUITE'],
  STOP: [],
  TRLR: ['TRAILER'],
  UNIT: [],
  '#': ['NO', 'NUMBER'],
});

/** Appendix C2: designators that stand alone, recognised only at the end of the line (FRONT is also a street name). */
const bareUnits = spellingTable({
  BSMT: ['BASEMENT'],
  FRNT: ['FRONT'],
  LBBY: ['LOBBY'],
  LOWR: ['LOWER'],
  OFC: ['OFFICE'],
  PH: ['PENTHOUSE'],
  REAR: [],
  SIDE: [],
  UPPR: ['UPPER'],
});

const units = ['', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];
const teens = ['TEN', 'ELEVEN', 'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN', 'NINETEEN'];
const tens = ['', '', 'TWENTY', 'THIRTY', 'FORTY', 'FIFTY', 'SIXTY', 'SEVENTY', 'EIGHTY', 'NINETY'];
const unitOrdinals = ['', 'FIRST', 'SECOND', 'THIRD', 'FOURTH', 'FIFTH', 'SIXTH', 'SEVENTH', 'EIGHTH', 'NINTH'];
const teenOrdinals = [
  'TENTH',
  'ELEVENTH',
  'TWELFTH',
  'THIRTEENTH',
  'FOURTEENTH',
  'FIFTEENTH',
  'SIXTEENTH',
  'SEVENTEENTH',
  'EIGHTEENTH',
  'NINETEENTH',
];
const tenOrdinals = ['', '', 'TWENTIETH', 'THIRTIETH', 'FORTIETH', 'FIFTIETH', 'SIXTIETH', 'SEVENTIETH', 'EIGHTIETH', 'NINETIETH'];

/** 1 → 1ST, 2 → 2ND, 11 → 11TH, 23 → 23RD. */
export function ordinalFigure(n: number): string {
  const lastTwo = n % 100;
  const last = n % 10;
  const ending = lastTwo >= 11 && lastTwo <= 13 ? 'TH' : last === 1 ? 'ST' : last === 2 ? 'ND' : last === 3 ? 'RD' : 'TH';
  return `${n}${ending}`;
}

/** Number words 1–99 (TWENTY FIRST as two tokens, TWENTY-FIRST as one): [value, tokens used, ordinal?] or undefined. */
function numberWords(tokens: readonly string[], at: number): { value: number; used: number; ordinal: boolean } | undefined {
  const first = tokens[at] ?? '';
  const parts = first.includes('-') ? first.split('-') : [first, tokens[at + 1] ?? ''];
  const [head = '', tail = ''] = parts;
  const ten = tens.indexOf(head);
  if (ten >= 2) {
    const unitValue = units.indexOf(tail);
    const unitOrdinal = unitOrdinals.indexOf(tail);
    const used = first.includes('-') ? 1 : 2;
    if (tail !== '' && unitValue > 0) return { value: ten * 10 + unitValue, used, ordinal: false };
    if (tail !== '' && unitOrdinal > 0) return { value: ten * 10 + unitOrdinal, used, ordinal: true };
    if (first.includes('-')) return undefined;
    return { value: ten * 10, used: 1, ordinal: false };
  }
  if (first.includes('-')) return undefined;
  const tenOrdinal = tenOrdinals.indexOf(first);
  if (tenOrdinal >= 2) return { value: tenOrdinal * 10, used: 1, ordinal: true };
  for (const [list, base, ordinal] of [
    [units, 0, false],
    [teens, 10, false],
    [unitOrdinals, 0, true],
    [teenOrdinals, 10, true],
  ] as const) {
    const index = list.indexOf(first);
    if (index > 0 || (index === 0 && base === 10)) return { value: base + index, used: 1, ordinal };
  }
  return undefined;
}

/** Upper case, punctuation to spaces (Pub 28 keeps none but the hyphen, the fraction slash and #), '#2' as '# 2'. */
function tokens(line: string): string[] {
  return line
    .toUpperCase()
    .replace(/[^A-Z0-9#/\- ]+/g, ' ')
    .replace(/#/g, ' # ')
    .trim()
    .split(/\s+/)
    .filter((token) => token !== '');
}

/**
 * Ordinal words anywhere and a house number in words as figures (FIFTH → 5TH, TWENTY FIRST → 21ST, ONE → 1); other
 * number words are names (THREE RIVERS RD) and stay.
 */
function withFigures(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const spelled = numberWords(words, i);
    if (spelled && (spelled.ordinal || i === 0)) {
      out.push(spelled.ordinal ? ordinalFigure(spelled.value) : String(spelled.value));
      i += spelled.used - 1;
      continue;
    }
    const figure = /^(\d+)(ST|ND|RD|TH)$/.exec(word);
    out.push(figure ? ordinalFigure(Number(figure[1])) : word);
  }
  return out;
}

export interface UspsAddressLine {
  /** House number, directionals, street name and suffix: the door's building. */
  primary: string;
  /** The secondary unit (APT 1, # 2, STE 200), empty when there is none. */
  unit: string;
}

/** The unit's position: a ranged designator with something after it, or a bare one as the last word. */
function unitStart(words: readonly string[]): number {
  for (let i = 2; i < words.length; i++) {
    const word = words[i] ?? '';
    if (rangedUnits.has(word) && i + 1 < words.length) return i;
    if (bareUnits.has(word) && i === words.length - 1) return i;
  }
  return words.length;
}

function standardUnit(words: readonly string[]): string {
  const [designator = '', ...rest] = words;
  return [rangedUnits.get(designator) ?? bareUnits.get(designator) ?? designator, ...rest.filter((w) => w !== '#')].join(' ');
}

/** A street line as Publication 28 writes it, split into the building's line and the unit. */
export function uspsAddressLine(line: string): UspsAddressLine {
  const words = withFigures(tokens(line));
  const cut = unitStart(words);
  const street = words.slice(0, cut);
  const unit = cut < words.length ? standardUnit(words.slice(cut)) : '';
  const hasNumber = /^\d/.test(street[0] ?? '');
  const nameStart = hasNumber ? 1 : 0;
  let end = street.length;
  // Post-directional: the last word, when a name and suffix stand before it.
  const last = street[end - 1] ?? '';
  if (end - nameStart >= 3 && directionals.has(last)) {
    street[end - 1] = directionals.get(last) ?? last;
    end -= 1;
  }
  // Suffix: the last word of the name, when the name has another word before it (Park Ave: PARK stays PARK).
  const suffixAt = end - 1;
  const suffix = suffixes.get(street[suffixAt] ?? '');
  if (suffixAt > nameStart && suffix !== undefined) street[suffixAt] = suffix;
  // Pre-directional: the first word of the name, when more name follows it (100 North St keeps NORTH as its name).
  const pre = street[nameStart] ?? '';
  const namesAfterPre = (suffix !== undefined && suffixAt > nameStart ? suffixAt : end) - nameStart - 1;
  if (directionals.has(pre) && namesAfterPre >= 1) street[nameStart] = directionals.get(pre) ?? pre;
  return { primary: street.join(' '), unit };
}

/** The whole line standardised, unit included ('350 5TH AVE APT 1'). */
export function uspsStandardLine(line: string): string {
  const { primary, unit } = uspsAddressLine(line);
  return unit === '' ? primary : `${primary} ${unit}`;
}

/**
 * One text per door for the per-address limits: the building's standard line and the 5-digit ZIP. The unit is left
 * out on purpose: it is free text nobody checks, so '350 5th Ave Apt 1', 'Apt 2', '#3' … would each buy a new door.
 */
export function doorKey(address: { street1: string; zipcode: string }): string {
  return `${uspsAddressLine(address.street1).primary}|${address.zipcode.trim().slice(0, 5)}`;
}
