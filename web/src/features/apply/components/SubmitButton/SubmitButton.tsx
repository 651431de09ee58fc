/** The application forms' submit button: 'Enviar Candidatura', then 'Enviando...' and disabled while sending. */
import { Button, Loader, type MantineColor } from '@mantine/core';
import { applyTexts } from '@/features/apply/messages';

export function SubmitButton({ sending, color }: { sending: boolean; color?: MantineColor }) {
  return (
    <Button
      type="submit"
      size="md"
      radius="md"
      fullWidth
      color={color}
      disabled={sending}
      leftSection={sending ? <Loader size={16} color="gray" aria-hidden="true" /> : undefined}
    >
      {sending ? applyTexts.sending : applyTexts.submit}
    </Button>
  );
}
