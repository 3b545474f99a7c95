import { DEFAULT_BOOT_CONFIG, getBootConfig } from './boot-config';

/** The brand the public pages speak of: its name, the company behind it and its support address. */
export interface Brand {
  brandName: string;
  companyName: string;
  supportEmail: string;
}

export const DEFAULT_BRAND: Brand = {
  brandName: DEFAULT_BOOT_CONFIG.brandName,
  companyName: DEFAULT_BOOT_CONFIG.companyName,
  supportEmail: DEFAULT_BOOT_CONFIG.supportEmail,
};

/** The brand the server wrote into the page (the default brand on the server and in tests). */
export function useBrand(): Brand {
  const { brandName, companyName, supportEmail } = getBootConfig();
  return { brandName, companyName, supportEmail };
}
