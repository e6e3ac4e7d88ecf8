import { createContext } from 'react';

/** The open page's name, reported by its `PortalPage` to the branding that titles the window. */
export const PageTitleContext = createContext<(title: string) => void>(() => undefined);
