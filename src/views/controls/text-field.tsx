import { useId, type HTMLAttributes, type HTMLInputTypeAttribute } from 'react';
import { fieldError, textInput } from '../../styles/controls.css.ts';
import * as css from './text-field.css.ts';

export interface TextFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A labelled input with its message; an invalid input points at the message (aria-invalid + aria-describedby). */
export function TextField({
  label,
  value,
  error,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  disabled,
  autoFocus,
}: TextFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className={css.field}>
      <label htmlFor={inputId} className={css.label}>
        {label}
      </label>
      <input
        id={inputId}
        className={textInput}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
