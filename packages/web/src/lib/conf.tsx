import { createContext, useContext, type ReactNode } from 'react';
import { confSchema, type Conf } from '@lab/domain';

/** GET /conf, read once before the page renders (the spec loads it synchronously at start). */
export const loadConf = async (): Promise<Conf> => {
  const response = await fetch('/conf', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Configuration failed to load (${response.status})`);
  return confSchema.parse(await response.json());
};

const ConfContext = createContext<Conf | null>(null);

export const ConfProvider = ({ conf, children }: { conf: Conf; children: ReactNode }) => (
  <ConfContext.Provider value={conf}>{children}</ConfContext.Provider>
);

export const useConf = (): Conf => {
  const conf = useContext(ConfContext);
  if (!conf) throw new Error('useConf needs a ConfProvider');
  return conf;
};
