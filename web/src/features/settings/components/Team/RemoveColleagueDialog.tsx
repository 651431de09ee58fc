/**
 * 'Remover da equipe': what removing a colleague does, how many leads they are responsible for
 * (counted when the dialog opens), and to whom those leads go: a colleague who stays, or nobody.
 */
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { settingsTexts } from '@/features/settings/messages';

const texts = settingsTexts.team;

export interface RemoveColleagueDialogProps {
  /** The colleague asked about (null: closed). */
  email: string | null;
  /** Who may take their leads: the team's other admins. */
  others: string[];
  /** The signed-in admin, offered first. */
  self: string | null;
  countLeads: (email: string) => Promise<number>;
  busy: boolean;
  onConfirm: (email: string, handTo: string | null) => void;
  onClose: () => void;
}

export function RemoveColleagueDialog({
  email,
  others,
  self,
  countLeads,
  busy,
  onConfirm,
  onClose,
}: RemoveColleagueDialogProps) {
  const [shown, setShown] = useState<string | null>(email);
  const [leads, setLeads] = useState<number | null>(null);
  const [handTo, setHandTo] = useState('');
  if (email !== null && email !== shown) {
    setShown(email);
    setLeads(null);
    setHandTo(self !== null && self !== email && others.includes(self) ? self : '');
  }
  useEffect(() => {
    if (email === null) return;
    let cancelled = false;
    countLeads(email).then(
      (n) => !cancelled && setLeads(n),
      (error: unknown) => {
        console.error('Counting the colleague’s leads failed', error);
        if (!cancelled) setLeads(0);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [email, countLeads]);

  return (
    <ConfirmDialog
      opened={email !== null}
      title={texts.removeTitle}
      confirmLabel={texts.removeButton}
      cancelLabel={texts.cancel}
      busy={busy || (email !== null && leads === null)}
      onConfirm={() => email && onConfirm(email, leads ? handTo || null : null)}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text>{shown === null ? '' : texts.removeConfirm(shown)}</Text>
        {shown !== null && leads === null && (
          <Text size="sm" c="gray.7">
            {texts.countingLeads}
          </Text>
        )}
        {shown !== null && leads !== null && leads > 0 && (
          <>
            <Text>{texts.responsibleFor(shown, leads)}</Text>
            <NativeSelect
              label={texts.handTo}
              value={handTo}
              data={[
                { value: '', label: texts.nobody },
                ...others.map((other) => ({ value: other, label: other })),
              ]}
              onChange={(event) => setHandTo(event.currentTarget.value)}
            />
          </>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
