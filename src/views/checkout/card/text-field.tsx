import { useId, type HTMLAttributes } from 'react';
import { fieldError, textInput } from '../../../styles/controls.css.ts';
import * as css from './add-card.css.ts';

export interface TextFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  disabled?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  onChange: (value: string) => void;
}

/** A labelled input with its error under it (announced, and tied to the input by aria-describedby). */
export function TextField({ label, value, error, disabled, autoComplete, inputMode, placeholder, onChange }: TextFieldProps) {
  const id = useId();
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      <input
        id={id}
        className={textInput}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
