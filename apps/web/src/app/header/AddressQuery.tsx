import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

/** The dialog (a modal, a pool selector and an input) loads the first time it opens. */
const AddressQueryDialog = lazy(() => import('./AddressQueryDialog.tsx').then((m) => ({ default: m.AddressQueryDialog })));

/** Where confirm goes (spec doc 2 §2): /mypools/{currency}/{address}. */
export function addressQueryPath(currency: string, address: string): string {
  return `/mypools/${encodeURIComponent(currency)}/${encodeURIComponent(address)}`;
}

const AddressQueryContext = createContext<{ openAddressQuery: () => void }>({ openAddressQuery: () => undefined });

/** Owns the address-query dialog so the header and pages (home) can open it. */
export function AddressQueryProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const value = useMemo(
    () => ({
      openAddressQuery: () => {
        setOpened(true);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <AddressQueryContext.Provider value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <AddressQueryDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </AddressQueryContext.Provider>
  );
}

export function useAddressQuery(): () => void {
  return useContext(AddressQueryContext).openAddressQuery;
}
