import { randomBytes } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { Tx } from '../../client';
import { client_identifications, clients, messages, push_devices } from '../../schema/index';
import { insertAll, insertReturning } from '../batch';
import { clinicName } from '../names';
import type { Staff } from './staff';

// Dental practices and labs in Australia and New Zealand that order from the lab.

export type ClientRef = {
  id: number;
  uid: string;
  name: string;
  country: 'AU' | 'NZ';
  email: string | null;
  is_cash_customer: boolean;
  /** A group's billing account: pays for other practices' orders, never orders itself. */
  is_group_account: boolean;
  address: {
    address_line_1: string;
    address_line_2: string;
    suburb: string;
    state: string;
    postcode: string;
    country: string;
  };
};

const auPlaces: [string, string, string][] = [
  ['Carlton', 'VIC', '3053'],
  ['Richmond', 'VIC', '3121'],
  ['Brighton', 'VIC', '3186'],
  ['Geelong', 'VIC', '3220'],
  ['Ballarat', 'VIC', '3350'],
  ['Bendigo', 'VIC', '3550'],
  ['Box Hill', 'VIC', '3128'],
  ['Frankston', 'VIC', '3199'],
  ['Glen Waverley', 'VIC', '3150'],
  ['Bondi Junction', 'NSW', '2022'],
  ['Parramatta', 'NSW', '2150'],
  ['Chatswood', 'NSW', '2067'],
  ['Newcastle', 'NSW', '2300'],
  ['Wollongong', 'NSW', '2500'],
  ['Manly', 'NSW', '2095'],
  ['Penrith', 'NSW', '2750'],
  ['Brisbane', 'QLD', '4000'],
  ['Southport', 'QLD', '4215'],
  ['Toowoomba', 'QLD', '4350'],
  ['Adelaide', 'SA', '5000'],
  ['Glenelg', 'SA', '5045'],
  ['Perth', 'WA', '6000'],
  ['Subiaco', 'WA', '6008'],
  ['Hobart', 'TAS', '7000'],
  ['Launceston', 'TAS', '7250'],
  ['Canberra', 'ACT', '2600'],
  ['Darwin', 'NT', '0800'],
];

const nzPlaces: [string, string, string][] = [
  ['Auckland Central', 'AUK', '1010'],
  ['Ponsonby', 'AUK', '1011'],
  ['Takapuna', 'AUK', '0622'],
  ['Newmarket', 'AUK', '1023'],
  ['Manukau', 'AUK', '2104'],
  ['Hamilton', 'WKO', '3204'],
  ['Tauranga', 'BOP', '3110'],
  ['Wellington', 'WGN', '6011'],
  ['Lower Hutt', 'WGN', '5010'],
  ['Christchurch', 'CAN', '8011'],
  ['Dunedin', 'OTA', '9016'],
  ['Nelson', 'NSN', '7010'],
  ['Napier', 'HKB', '4110'],
  ['Queenstown', 'OTA', '9300'],
];

const streetTypes = ['Street', 'Road', 'Parade', 'Avenue', 'Highway', 'Lane', 'Terrace', 'Place'];

const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 28);

const clientNotes = [
  'Prefers screw access holes on the lingual; always check before approval.',
  'Accounts: send invoices to the practice manager, not reception.',
  'Dr asks for a phone call before any redesign — do not email only.',
  'Uses Elos scan bodies exclusively. Check the scan body library on every case.',
  'Courier to the back entrance (loading dock) after 2 pm.',
  'Credit hold lifted — payment plan agreed with accounts.',
];

/** About 60 clients (70% AU) plus two group billing accounts, with a few client notes. */
export const seedClients = async (
  tx: Tx,
  f: Faker,
  staff: Staff,
  options: { count?: number; taken?: Set<string>; groupAccounts?: boolean } = {},
): Promise<ClientRef[]> => {
  const { count = 60, taken = new Set<string>(), groupAccounts = true } = options;
  const specs: (typeof clients.$inferInsert)[] = Array.from({ length: count }, (_, i) => {
    const country: 'AU' | 'NZ' = i % 10 < 7 ? 'AU' : 'NZ';
    const [suburb, state, postcode] = f.helpers.arrayElement(country === 'AU' ? auPlaces : nzPlaces);
    // Practice names are unique enough to tell apart in a search: draw again on a clash.
    let name = clinicName(f, suburb);
    for (let attempt = 0; taken.has(name.toLowerCase()) && attempt < 20; attempt += 1)
      name = clinicName(f, suburb);
    if (taken.has(name.toLowerCase()))
      name = `${name} ${f.helpers.arrayElement(['North', 'South', 'East', 'West', 'Central'])}`;
    taken.add(name.toLowerCase());
    const cash = f.number.int({ min: 0, max: 99 }) < 10;
    const domain = `${slug(name)}.${country === 'AU' ? 'com.au' : 'co.nz'}`;
    // Drawn and dropped: the balance a client owes now follows from its invoices and payments, and the
    // draws keep the demo's sequence (every later patient and date) as it was.
    const credit = cash ? null : `${f.helpers.arrayElement([5000, 10000, 20000, 35000, 50000])}.00`;
    if (!cash) f.number.int({ min: 0, max: 18000 });
    if (!cash) f.string.numeric(2);
    return {
      name,
      country,
      account_number: cash ? null : `${country === 'AU' ? 'C' : 'N'}${f.string.numeric(5)}`,
      email: `reception@${domain}`,
      mobile: country === 'AU' ? `+614${f.string.numeric(8)}` : `+6421${f.string.numeric(7)}`,
      is_cash_customer: cash,
      credit_limit: credit,
      invoice_email: cash ? null : `accounts@${domain}`,
      address_line_1: `${f.number.int({ min: 1, max: 420 })} ${f.person.lastName()} ${f.helpers.arrayElement(streetTypes)}`,
      address_line_2:
        f.number.int({ min: 0, max: 99 }) < 35 ? `Suite ${f.number.int({ min: 1, max: 30 })}` : null,
      suburb,
      state,
      postcode,
    };
  });
  if (groupAccounts) {
    specs.push(
      groupAccount('Pacific Smiles Group Accounts', 'AU', 'Newcastle', 'NSW', '2300'),
      groupAccount('Lumino Dental Group Billing', 'NZ', 'Auckland Central', 'AUK', '1010'),
    );
  }
  const rows = await insertReturning(tx, clients, specs);
  const refs: ClientRef[] = rows.map((r, i) => ({
    id: r.id,
    uid: r.uid,
    name: r.name,
    country: r.country as 'AU' | 'NZ',
    email: r.email,
    is_cash_customer: r.is_cash_customer,
    is_group_account: i >= count,
    address: {
      address_line_1: r.address_line_1 ?? '',
      address_line_2: r.address_line_2 ?? '',
      suburb: r.suburb ?? '',
      state: r.state ?? '',
      postcode: r.postcode ?? '',
      country: r.country,
    },
  }));

  const identified = refs.filter((_, i) => i % 5 === 1);
  await insertAll(
    tx,
    client_identifications,
    identified.flatMap((c, i) => [
      {
        client_id: c.id,
        kind: 'EMAIL',
        value: `dr.${slug(c.name).slice(0, 10)}@gmail.com`,
        created_by_id: staff.byUsername('support').id,
      },
      ...(i % 2 === 0
        ? [
            {
              client_id: c.id,
              kind: 'MOBILE',
              value: c.country === 'AU' ? `+614${f.string.numeric(8)}` : `+6422${f.string.numeric(7)}`,
            },
          ]
        : []),
    ]),
  );
  await insertAll(
    tx,
    push_devices,
    refs
      .filter((_, i) => i % 7 === 2)
      .map((c, i) => ({
        client_id: c.id,
        device_type: i % 3 === 0 ? 'android' : 'ios',
        identification: randomBytes(32).toString('base64url'),
        last_seen_at: new Date(Date.now() - f.number.int({ min: 1, max: 20 }) * 86_400_000),
      })),
  );
  // CLIENT_NOTE belongs to the client record and shows on every collection of that client.
  await insertAll(
    tx,
    messages,
    refs.slice(0, clientNotes.length * 2).flatMap((c, i) =>
      i % 2 === 0
        ? [
            {
              client_uid: c.uid,
              message_type: 'CLIENT_NOTE',
              visibility: 'STAFF',
              author_reference: i % 4 === 0 ? 'support' : 'jmurphy',
              author_user_id: staff.byUsername(i % 4 === 0 ? 'support' : 'jmurphy').id,
              direction: 'STATIC',
              note: clientNotes[i / 2] ?? clientNotes[0] ?? '',
              created_at: new Date(Date.now() - (40 + i * 9) * 86_400_000),
            },
          ]
        : [],
    ),
  );
  return refs;
};

const groupAccount = (
  name: string,
  country: 'AU' | 'NZ',
  suburb: string,
  state: string,
  postcode: string,
) => ({
  name,
  country,
  account_number: `${country === 'AU' ? 'G' : 'H'}${postcode}0`,
  email: `billing@${slug(name)}.${country === 'AU' ? 'com.au' : 'co.nz'}`,
  mobile: null,
  is_cash_customer: false,
  credit_limit: '250000.00',
  invoice_email: `ap@${slug(name)}.${country === 'AU' ? 'com.au' : 'co.nz'}`,
  address_line_1: 'Level 4, 100 Hunter Street',
  address_line_2: null,
  suburb,
  state,
  postcode,
});
