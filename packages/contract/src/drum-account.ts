import { z } from 'zod';

/** An account's drum rent terms: free days on site, then the rent per drum and month (euros). */
export const RentTermsSchema = z.object({
  rentFreeDays: z.number().int().min(0).max(3650),
  monthlyRate: z.number().min(0).max(100_000).multipleOf(0.01),
});
export type RentTerms = z.infer<typeof RentTermsSchema>;

/** The terms an account is under, and whether they are its own or the defaults. */
export const AccountRentTermsSchema = RentTermsSchema.extend({ isDefault: z.boolean() });
export type AccountRentTerms = z.infer<typeof AccountRentTermsSchema>;

/** A drum's rent as of today: days on site, free days left, rent run so far. */
export const DrumRentSchema = z.object({
  daysOnSite: z.number().int(),
  rentFreeDaysLeft: z.number().int(),
  /** YYYY-MM-DD, the first day rent runs. */
  rentStartsOn: z.iso.date(),
  rentDays: z.number().int(),
  /** Euros, to the cent. */
  rentAccrued: z.number(),
});
export type DrumRent = z.infer<typeof DrumRentSchema>;
