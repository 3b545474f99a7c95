/**
 * The line where the release check's message for one place of the editor shows (issue 22). While
 * the release is editable the line is held from the start (releases.css `.message-line`), so a
 * message that arrives after "Check release" fills it instead of pushing the buttons down.
 */
export function CheckMessageLine({ message, id, reserved = true }: { message?: string | undefined; id?: string; reserved?: boolean }) {
  return (
    <div className={reserved ? 'message-line' : undefined}>
      {message && (
        <p id={id} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
