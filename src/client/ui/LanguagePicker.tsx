/** The page's language, in each language's own name. */
import { LOCALES, isLocale, type Locale } from '../../index.js';
import { ct } from '../i18n/catalog.js';

/** Each locale's name in itself. */
export const LANGUAGE_NAMES: { readonly [L in Locale]: string } = { en: 'English', ca: 'Català', sw: 'Kiswahili', el: 'Ελληνικά' };

/** Props of the picker. */
export interface LanguagePickerProps {
  locale: Locale;
  onChange: (locale: Locale) => void;
  id?: string;
  /** No visible label (the select is named by `aria-label`): the table page's header on a phone. */
  compact?: boolean;
}

/** A labelled select of the four languages. */
export function LanguagePicker({ locale, onChange, id = 'language', compact = false }: LanguagePickerProps) {
  return (
    <span className="language">
      {!compact && <label htmlFor={id}>{ct(locale, 'app.language')}</label>}
      <select
        id={id}
        {...(compact ? { 'aria-label': ct(locale, 'app.language'), title: ct(locale, 'app.language') } : {})}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) onChange(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
