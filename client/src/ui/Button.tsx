import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the one main action; secondary: the others; link: quiet, reads as text; danger: destroys something. */
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
}

/** The class names of a button look, for links and labels that must look like a button. */
export function buttonClass(variant: ButtonVariant = 'primary', size: 'normal' | 'small' = 'normal', extra?: string): string {
  return ['button', `button--${variant}`, size === 'small' ? 'button--small' : null, extra].filter(Boolean).join(' ');
}

/** A button of the design system; `type` defaults to "button" so a button never submits by accident. */
export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={buttonClass(variant, size, className)} />;
}

/** Buttons side by side with room between them; they wrap on a narrow screen. */
export function ButtonRow({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'end' }) {
  return <div className={`button-row${align === 'end' ? ' button-row--end' : ''}`}>{children}</div>;
}
