import { createContext, useContext } from 'react';
import type { SchemaPick } from '../../../lib/zod-form';

/**
 * Where the settings sit in their form and which schema checks them: the report's Settings tab holds
 * them at the top (`settingsSchema`); the inventory form under `settings` (its create or update schema,
 * whose issues are read at `settings.<field>`). Keep a scope stable (a module constant): the fields'
 * effects depend on it.
 */
export interface SettingsScope {
  prefix: (string | number)[];
  pick: SchemaPick;
}

export const REPORT_SETTINGS_SCOPE: SettingsScope = { prefix: [], pick: (s) => s.settingsSchema };
export const SettingsScopeContext = createContext<SettingsScope>(REPORT_SETTINGS_SCOPE);

/** The scope of the settings fields above (the pricing rules read their names and rules from it). */
export const useSettingsScope = () => useContext(SettingsScopeContext);
