const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const KEY =
  'flex min-h-20 items-center justify-center rounded-xl border-2 border-slate-500 bg-white text-4xl font-semibold text-slate-900 outline-none active:bg-slate-200 focus-visible:ring-4 focus-visible:ring-slate-900';

/**
 * The on-screen keypad: keys of 80 px. A key does not take the focus from a pointer (the field
 * keeps it, so a physical keyboard goes on typing there); from the keyboard it is an ordinary button.
 */
export function Keypad({
  onDigit,
  onDelete,
  onClear,
}: {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();
  return (
    <div className="grid grid-cols-3 gap-3" role="group" aria-label="Keypad">
      {DIGITS.map((digit) => (
        <button
          key={digit}
          type="button"
          className={KEY}
          onMouseDown={keepFocus}
          onClick={() => onDigit(digit)}
        >
          {digit}
        </button>
      ))}
      <button type="button" className={`${KEY} text-2xl`} onMouseDown={keepFocus} onClick={onClear}>
        Clear
      </button>
      <button type="button" className={KEY} onMouseDown={keepFocus} onClick={() => onDigit('0')}>
        0
      </button>
      <button
        type="button"
        className={`${KEY} text-2xl`}
        onMouseDown={keepFocus}
        onClick={onDelete}
      >
        Delete
      </button>
    </div>
  );
}
