/** Newsletter subscriptions and the reviews shown on the storefront. */
import { desc, sql } from 'drizzle-orm';
import type { Review } from '../../../domain/reviews.js';
import type { Database } from '../../db/client.js';
import { newsletterSubscribers, reviews } from '../../db/schema.js';

export interface MarketingService {
  /** Subscribes an e-mail; subscribing twice is not an error (and does not reveal anything). */
  subscribe(email: string): Promise<void>;
  listReviews(): Promise<Review[]>;
}

export function createMarketingService(db: Database): MarketingService {
  return {
    async subscribe(email) {
      await db.execute(
        sql`insert into ${newsletterSubscribers} (email) values (${email}) on conflict ((lower(email))) do nothing`,
      );
    },
    async listReviews() {
      const rows = await db.select().from(reviews).orderBy(desc(reviews.rating), desc(reviews.reviewDate));
      return rows.map((r) => ({
        name: r.authorName,
        rating: r.rating,
        text: r.text,
        date: r.reviewDate,
        profilePhoto: r.profilePhotoUrl,
      }));
    },
  };
}
