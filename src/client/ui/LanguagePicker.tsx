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
}

/** A labelled select of the four languages. */
export function LanguagePicker({ locale, onChange, id = 'language' }: LanguagePickerProps) {
  return (
    <span className="language">
      <label htmlFor={id}>{ct(locale, 'app.language')}</label>
      <select
        id={id}
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
