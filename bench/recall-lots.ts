// The lots the recall row asks about (issue 31): real ones from the data set, as a manufacturer's notice
// would name them — parts' lots from picked slips and materials' batches — chosen by stepping through
// the rows, so a lot used by many cases is as likely to be asked as it is common. Taken once per start.
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../packages/server/src/db/client';

export type RecallLot = { article: string; lot: string };
export type RecallSample = { lots: RecallLot[]; cases: number };

const partLots = 30;
const materialBatches = 10;
const step = 1_009;

export const chooseRecallLots = async (db: Db): Promise<RecallSample> => {
  const parts = await selectRows<RecallLot>(
    db,
    sql`SELECT code AS article, lot FROM pick_lots WHERE id % ${step} = 0
        GROUP BY code, lot ORDER BY min(id) LIMIT ${partLots}`,
  );
  const materials = await selectRows<RecallLot>(
    db,
    sql`SELECT m.name AS article, c.material_batch_number AS lot FROM cases c JOIN materials m ON m.id = c.material_id
        WHERE c.material_batch_number IS NOT NULL AND c.case_id % ${step} = 0
        GROUP BY m.name, c.material_batch_number ORDER BY min(c.case_id) LIMIT ${materialBatches}`,
  );
  const [count] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cases`);
  return { lots: [...parts, ...materials], cases: Number(count?.n ?? 0) };
};
