import type { Database } from '../db/client';
import type { SeedStep } from '../db/seed';
import { registrationRequests, users } from '../db/schema';

/**
 * A sign-up waiting for staff, in development only beside the demo staff: the back-office's
 * registration requests have one to show.
 */
export const demoRegistrationSeedStep: SeedStep = {
  name: 'demo-registration-v1',
  async run(db: Database) {
    const [user] = await db
      .insert(users)
      .values({
        email: 'newcomer@chantier-martin.example',
        firstName: 'Paul',
        lastName: 'Martin',
        company: 'Chantiers Martin',
        locale: 'fr',
        accountId: null,
        role: 'viewer',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return;
    await db.insert(registrationRequests).values({
      userId: user.id,
      company: 'Chantiers Martin',
      site: 'Nantes, quai de la Fosse',
      phone: '+33 2 40 00 00 00',
    });
  },
};
