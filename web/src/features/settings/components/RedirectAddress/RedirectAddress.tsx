/** The redirect page's address (this site's origin + /redirecionamento), with a copy button. */
import { ActionIcon, Code, CopyButton, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { routes } from '@/config/routes';
import { settingsTexts } from '@/features/settings/messages';
import classes from './RedirectAddress.module.css';

const texts = settingsTexts.address;

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </>
      )}
    </svg>
  );
}

export function RedirectAddress() {
  // The origin is the browser's: read after mount (the admin page is never prerendered, but stay safe).
  const [address, setAddress] = useState('');
  useEffect(() => setAddress(`${window.location.origin}${routes.redirect}`), []);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="redirect-address-title"
    >
      <Title order={3} size="h5" id="redirect-address-title">
        {texts.title}
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        {texts.description}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code className={classes.address} data-testid="redirect-address">
          {address}
        </Code>
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? texts.copied : texts.copy} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? texts.copied : texts.copy}
                disabled={!address}
              >
                <CopyIcon copied={copied} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
