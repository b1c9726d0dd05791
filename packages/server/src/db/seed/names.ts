import {
  fakerDE,
  fakerEN_AU,
  fakerEN_IN,
  fakerIT,
  fakerNL,
  fakerPL,
  fakerVI,
  type Faker,
} from '@faker-js/faker';

// Names for patients and clinics. Australian and New Zealand patients come from everywhere, and trigram
// search needs thousands of distinct surnames to be exercised, so the pool mixes several faker locales
// with hand-written Greek, Chinese, Korean, Lebanese, Māori and Pacific surnames. Diacritics are
// stripped because patient references are typed on lab keyboards.

const ascii = (name: string): string => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

const lastNamesOf = (f: Faker): string[] => {
  const entry = f.rawDefinitions.person?.last_name;
  return [...(entry?.generic ?? []), ...(entry?.female ?? []), ...(entry?.male ?? [])];
};

const firstNamesOf = (f: Faker): string[] => {
  const entry = f.rawDefinitions.person?.first_name;
  return [...(entry?.generic ?? []), ...(entry?.female ?? []), ...(entry?.male ?? [])];
};

const handWrittenSurnames = [
  ...[
    'Papadopoulos',
    'Georgiou',
    'Nikolaidis',
    'Karagiannis',
    'Christodoulou',
    'Dimitriou',
    'Konstantinidis',
  ],
  ...['Vlahos', 'Pappas', 'Stavropoulos', 'Theodorou', 'Economou', 'Kyriakou', 'Mavromatis', 'Antonopoulos'],
  ...['Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu'],
  ...['Guo', 'Lin', 'He', 'Gao', 'Luo', 'Zheng', 'Liang', 'Xie', 'Tang', 'Han', 'Cao', 'Deng', 'Feng', 'Lam'],
  ...['Wong', 'Cheung', 'Leung', 'Chan', 'Ho', 'Yeung', 'Tsang', 'Chau', 'Kwok', 'Ng', 'Tse', 'Yip', 'Fung'],
  ...[
    'Kim',
    'Lee',
    'Park',
    'Choi',
    'Jung',
    'Kang',
    'Cho',
    'Yoon',
    'Jang',
    'Lim',
    'Han',
    'Shin',
    'Seo',
    'Kwon',
  ],
  ...['Haddad', 'Khoury', 'Nassar', 'Saad', 'Habib', 'Karam', 'Azzi', 'Daher', 'Fakhoury', 'Hanna', 'Issa'],
  ...[
    'Ngata',
    'Parata',
    'Tuhoe',
    'Walker',
    'Tamihana',
    'Waititi',
    'Horomona',
    'Te Rangi',
    'Rewiti',
    'Tipene',
  ],
  ...['Paewai', 'Ruatapu', 'Te Whaiti', 'Mahuika', 'Hetaraka', 'Kereama', 'Puketapu', 'Ratima', 'Tawhiri'],
  ...['Faleolo', 'Tuilagi', 'Fonoti', 'Leota', 'Aumua', 'Tupou', 'Fifita', 'Taufa', 'Vaipulu', 'Latu'],
  ...['Okonkwo', 'Adeyemi', 'Mensah', 'Osei', 'Nwosu', 'Abubakar', 'Mwangi', 'Kamau', 'Haile', 'Tesfaye'],
  ...['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Villanueva', 'Dela Cruz', 'Aquino'],
  ...["O'Brien", "O'Connor", "O'Sullivan", 'McDonald', 'MacKenzie', 'McLeod', 'Fitzgerald', 'Gallagher'],
];

const handWrittenGivenNames = [
  ...['Aroha', 'Mereana', 'Wiremu', 'Tama', 'Hemi', 'Ngaire', 'Rawiri', 'Anahera', 'Manaia', 'Kahu'],
  ...['Wei', 'Jun', 'Mei', 'Xin', 'Hao', 'Ying', 'Min-jun', 'Seo-yeon', 'Ji-woo', 'Hiroshi', 'Yuki'],
  ...['Georgios', 'Eleni', 'Dimitra', 'Nikos', 'Giulia', 'Marco', 'Priya', 'Arjun', 'Aditi', 'Rahul'],
  ...['Fatima', 'Omar', 'Layla', 'Youssef', 'Siosaia', 'Mele', 'Losa', 'Adaeze', 'Chidi', 'Thanh'],
];

const unique = (names: string[]): string[] =>
  [...new Set(names.map(ascii).filter((n) => /^[A-Za-z][A-Za-z' -]*$/.test(n)))].sort();

// Weighted like a Melbourne/Auckland patient list: mostly Anglo surnames, then everyone else.
const surnameSources: { weight: number; value: readonly string[] }[] = [
  { weight: 40, value: unique(lastNamesOf(fakerEN_AU)) },
  { weight: 22, value: unique(handWrittenSurnames) },
  { weight: 9, value: unique(lastNamesOf(fakerIT)) },
  { weight: 9, value: unique(lastNamesOf(fakerEN_IN)) },
  { weight: 7, value: unique(lastNamesOf(fakerVI)) },
  { weight: 5, value: unique(lastNamesOf(fakerDE)) },
  { weight: 4, value: unique(lastNamesOf(fakerPL)) },
  { weight: 4, value: unique(lastNamesOf(fakerNL)) },
];

/** Several thousand distinct surnames (sorted, so the pool is the same on every run). */
export const surnamePool: readonly string[] = unique(surnameSources.flatMap((s) => s.value));

export const givenNamePool: readonly string[] = unique([
  ...firstNamesOf(fakerEN_AU),
  ...firstNamesOf(fakerIT).slice(0, 150),
  ...firstNamesOf(fakerEN_IN),
  ...handWrittenGivenNames,
]);

export const pickSurname = (f: Faker): string =>
  f.helpers.arrayElement(f.helpers.weightedArrayElement(surnameSources));
export const pickGivenName = (f: Faker): string => f.helpers.arrayElement(givenNamePool);

/**
 * A patient reference as clinics write them: 'Smith, J', 'Smith, Jane', 'JS-2291', 'SMITH J', 'Jane Smith'
 * or a chart number with the surname.
 */
export const patientReference = (f: Faker): string => {
  const last = pickSurname(f);
  const first = pickGivenName(f);
  const initials = `${first[0] ?? 'X'}${last.replace(/[^A-Za-z]/g, '')[0] ?? 'X'}`.toUpperCase();
  const style = f.number.int({ min: 0, max: 99 });
  if (style < 35) return `${last}, ${first[0] ?? ''}`;
  if (style < 60) return `${last}, ${first}`;
  if (style < 72) return `${first} ${last}`;
  if (style < 84) return `${initials}-${f.number.int({ min: 1000, max: 9999 })}`;
  if (style < 94) return `${last.toUpperCase()} ${first[0] ?? ''}`;
  return `${last} ${first[0] ?? ''} #${f.number.int({ min: 10000, max: 99999 })}`;
};

const clinicSuffixes = [
  'Dental',
  'Dental Care',
  'Family Dental',
  'Dental Studio',
  'Smile Clinic',
  'Dental Group',
];
const specialistSuffixes = ['Prosthodontics', 'Implant Centre', 'Oral Surgery', 'Periodontics & Implants'];
const labSuffixes = ['Dental Laboratory', 'Dental Lab', 'Dental Ceramics', 'Denture Clinic'];

/** A practice or lab name from a place or a surname: 'Carlton Family Dental', 'Nguyen Prosthodontics'. */
export const clinicName = (f: Faker, place: string): string => {
  const style = f.number.int({ min: 0, max: 99 });
  if (style < 45) return `${place} ${f.helpers.arrayElement(clinicSuffixes)}`;
  if (style < 60) return `${pickSurname(f)} ${f.helpers.arrayElement(specialistSuffixes)}`;
  if (style < 72) return `${place} ${f.helpers.arrayElement(specialistSuffixes)}`;
  if (style < 84)
    return `${pickSurname(f)} & ${pickSurname(f)} ${f.helpers.arrayElement(['Dental', 'Dentists'])}`;
  if (style < 94) return `${pickSurname(f)} ${f.helpers.arrayElement(labSuffixes)}`;
  return `${f.helpers.arrayElement(['Smile', 'Bright', 'Pure', 'Coastal', 'Harbour', 'Summit'])} ${f.helpers.arrayElement(['Dental', 'Smiles', 'Dental Co.'])} ${place}`;
};
