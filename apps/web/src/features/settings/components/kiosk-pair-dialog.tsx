import { zodResolver } from '@hookform/resolvers/zod';
import {
  type KioskPairing,
  pairKioskInputSchema,
  type PairKioskInput,
} from '@fitbase/domain/contracts/kiosk';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { dismissFormFeedback, formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { usePairKiosk } from '../api/pair-kiosk';
import { KioskPairingQr } from './kiosk-pairing-qr';

const clock = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );

/**
 * `Pair a kiosk` (docs/product/kiosk.md#pairing): a name, then the pairing code and its QR
 * code. The code lives only in this dialog's state: closing it forgets the code, and the server
 * never shows it again (a lost code is replaced by revoking and pairing again).
 */
export function KioskPairDialog({
  open,
  onOpenChange,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
}) {
  const [pairing, setPairing] = useState<KioskPairing | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      setPairing(null);
      dismissFormFeedback();
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        // The code is shown only once: a stray click beside the dialog must not lose it.
        onInteractOutside={(event) => {
          if (pairing) event.preventDefault();
        }}
      >
        {pairing ? (
          <PairingCode pairing={pairing} timeZone={timeZone} onDone={() => change(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Pair a kiosk</DialogTitle>
              <DialogDescription>
                Name the device so you know it in this list, for example by where it stands.
              </DialogDescription>
            </DialogHeader>
            <NameForm onPaired={setPairing} onCancel={() => change(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({
  onPaired,
  onCancel,
}: {
  onPaired: (pairing: KioskPairing) => void;
  onCancel: () => void;
}) {
  const pair = usePairKiosk();
  const form = useForm<PairKioskInput>({
    resolver: zodResolver(pairKioskInputSchema),
    defaultValues: { name: '' },
  });
  const onSubmit = async (values: PairKioskInput) => {
    try {
      const pairing = await pair.mutateAsync(values);
      formSuccess('Kiosk added', `Pair ${pairing.kiosk.name} with the code shown`);
      onPaired(pairing);
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to add the kiosk',
        form: { setError: form.setError, fields: ['name'] },
      });
    }
  };
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => !pair.isPending}
      idPrefix="pair-kiosk"
      schema={pairKioskInputSchema}
      className="space-y-4"
      aria-label="Pair a kiosk"
    >
      <TextField
        control={form.control}
        name="name"
        label="Name"
        placeholder="Front door"
        autoComplete="off"
        required
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pair.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pair.isPending}>
          {pair.isPending ? 'Creating code...' : 'Get pairing code'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

function PairingCode({
  pairing,
  timeZone,
  onDone,
}: {
  pairing: KioskPairing;
  timeZone: string;
  onDone: () => void;
}) {
  const { locale } = useStudioFormat();
  return (
    <>
      <DialogHeader>
        <DialogTitle>Pair {pairing.kiosk.name}</DialogTitle>
        <DialogDescription>
          Open /kiosk on the device and enter this code, or scan the QR code.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col items-center gap-4">
        <p
          className="font-mono text-4xl font-bold tracking-widest sm:text-5xl"
          data-testid="kiosk-pairing-code"
        >
          {pairing.pairingCode}
        </p>
        <KioskPairingQr url={pairing.pairingUrl} />
        <p className="text-center text-sm text-muted-foreground">
          The code works once and expires at{' '}
          <time dateTime={pairing.expiresAt}>{clock(pairing.expiresAt, timeZone, locale)}</time>. It
          is shown only now: if it is lost, revoke this kiosk and pair it again.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
