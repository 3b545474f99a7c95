import { commitArtistInput, type ArtistNameContext } from '@cadence/domain/artist-names';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';

export interface ArtistChip {
  id: string;
  name: string;
}

export interface ArtistInputProps {
  label: string;
  /** Names already credited in this role (shown as chips, removable). */
  artists: readonly ArtistChip[];
  /** The domain rules' context: role, and the account's or release's primary artists. */
  context: Omit<ArtistNameContext, 'listed'>;
  /** Called with the valid names to add (comma lists are split). */
  onAdd: (names: string[]) => void | Promise<void>;
  onRemove: (artist: ArtistChip) => void;
  disabled?: boolean;
  /** An error from the server (a check issue) shown until the input changes. */
  serverError?: string;
}

/**
 * The artist input (supporting §5): a name is added on Enter, on a comma, or on blur when valid and
 * non-empty; a trailing comma is stripped; comma lists are split and each name is checked with the
 * domain's artist-name rules. Invalid input stays with its message. It can be disabled.
 */
export function ArtistInput({ label, artists, context, onAdd, onRemove, disabled, serverError }: ArtistInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const commit = (input: string) => {
    const result = commitArtistInput(input, { ...context, listed: artists.map((a) => a.name) });
    if (!result.ok) {
      setError(result.error.message);
      setText(result.input);
      return;
    }
    setError(undefined);
    setText('');
    if (result.names.length > 0) void onAdd(result.names);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(text);
    }
  };

  const shown = error ?? serverError;
  return (
    <div className="field artist-input">
      <label htmlFor={id}>{label}</label>
      {artists.length > 0 && (
        <ul className="artist-input__chips" aria-label={label}>
          {artists.map((artist) => (
            <li key={artist.id} className="artist-chip">
              {artist.name}
              {!disabled && (
                <Button variant="link" aria-label={`Remove ${artist.name}`} onClick={() => onRemove(artist)}>
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={text}
        disabled={disabled}
        placeholder="Type a name and press Enter"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(event) => {
          setError(undefined);
          setText(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(text)}
      />
      {shown && (
        <p id={errorId} className="field__error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
