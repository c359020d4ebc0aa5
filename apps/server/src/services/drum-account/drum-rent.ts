const DAY_MS = 24 * 3600 * 1000;

export interface RentTerms {
  /** Days a drum stays on site before rent runs. */
  rentFreeDays: number;
  /** Rent per drum and month, in euros. */
  monthlyRate: number;
}

export interface DrumRentInput {
  /** YYYY-MM-DD: the day the drum was delivered to the site. */
  deliveredOn: string;
  /** YYYY-MM-DD: the day it was collected, if it was; rent stops then. */
  collectedOn?: string | null;
  /** YYYY-MM-DD: the day to count to (today in the account's calendar). */
  today: string;
  terms: RentTerms;
}

export interface DrumRent {
  /** Whole days from delivery to today (or to collection): 0 on the day of delivery. */
  daysOnSite: number;
  /** Days left before rent runs; 0 once it does. */
  rentFreeDaysLeft: number;
  /** YYYY-MM-DD: the first day rent is due. */
  rentStartsOn: string;
  /** Days rent has run. */
  rentDays: number;
  /** Euros, to the cent. */
  rentAccrued: number;
}

const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A drum's rent under its account's terms. Days are calendar days (a leap year's 29 February
 * counts); rent runs from the day after the free days end, at the monthly rate spread over a
 * 30-day month, rounded to the cent; nothing runs after the drum is collected.
 */
export function computeDrumRent(input: DrumRentInput): DrumRent {
  const delivered = dayNumber(input.deliveredOn);
  const end = Math.min(
    dayNumber(input.today),
    input.collectedOn ? dayNumber(input.collectedOn) : Number.POSITIVE_INFINITY,
  );
  const daysOnSite = Math.max(0, end - delivered);
  const freeDays = Math.max(0, Math.floor(input.terms.rentFreeDays));
  const rentDays = Math.max(0, daysOnSite - freeDays);
  const rate = Math.max(0, input.terms.monthlyRate);
  return {
    daysOnSite,
    rentFreeDaysLeft: Math.max(0, freeDays - daysOnSite),
    rentStartsOn: isoOf(delivered + freeDays),
    rentDays,
    rentAccrued: Math.round(((rentDays * rate) / 30) * 100) / 100,
  };
}

/** Rent per site and in all, for a site view and the monthly statement. */
export function totalRent<T extends { siteId: string; rent: DrumRent }>(drums: readonly T[]) {
  const bySite = new Map<string, { drums: number; rentAccrued: number; inRent: number }>();
  for (const drum of drums) {
    const site = bySite.get(drum.siteId) ?? { drums: 0, rentAccrued: 0, inRent: 0 };
    site.drums += 1;
    site.rentAccrued = Math.round((site.rentAccrued + drum.rent.rentAccrued) * 100) / 100;
    if (drum.rent.rentDays > 0) site.inRent += 1;
    bySite.set(drum.siteId, site);
  }
  return bySite;
}
