import { MSG, TotpEnableBody, type TotpSetup } from '@ecofoyer/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { FormOutcome, useFormOutcome } from '../../../components/form-outcome.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { schemaErrors } from '../../../lib/form-errors.ts';
import { useTwoFactor, useTwoFactorActions } from '../api/two-factor.ts';

type Step = { kind: 'password' } | { kind: 'scan'; setup: TotpSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | null;

/** The authenticator's code as the API takes it: the spaces some apps show are left out. */
const digits = (code: string) => code.replace(/\s/g, '');

/** « Double authentification » in the profile: set up with a QR code, recovery codes shown once, turned off with the password and a code. */
export function TwoFactorSettings({ demo }: { demo: boolean }) {
  const status = useTwoFactor();
  const actions = useTwoFactorActions();
  const [step, setStep] = useState<Step>(null);
  const outcome = useFormOutcome();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', code: '' },
    // Each step's button waits for its fields; the code's format is also checked against the server's schema
    // before sending (its other rules have no French message).
    onValuesChange: () => outcome.clear(),
    validate: (values) => (step?.kind === 'scan' ? schemaErrors(TotpEnableBody, { code: digits(values.code) }) : {}),
  });
  const { password, code } = form.values;

  const close = () => {
    setStep(null);
    form.reset();
    outcome.clear();
  };
  const attempt = async (action: () => Promise<void>) => {
    outcome.clear();
    try {
      await action();
    } catch (e) {
      outcome.failed(errorMessage(e, MSG.serverError));
    }
  };
  const startSetup = form.onSubmit((values) =>
    attempt(async () => {
      const setup = await actions.setup.mutateAsync(values.password);
      form.setFieldValue('password', '');
      setStep({ kind: 'scan', setup });
    }),
  );
  const confirmCode = form.onSubmit(
    (values) =>
      attempt(async () => {
        const { recoveryCodes } = await actions.enable.mutateAsync(digits(values.code));
        form.setFieldValue('code', '');
        setStep({ kind: 'codes', codes: recoveryCodes });
        setDone(MSG.totpEnabled);
      }),
    outcome.invalid,
  );
  const turnOff = form.onSubmit((values) => {
    const value = values.code.trim();
    return attempt(async () => {
      const { message } = await actions.disable.mutateAsync({
        currentPassword: values.password,
        ...(/^\d{6}$/.test(digits(value)) ? { code: digits(value) } : { recoveryCode: value }),
      });
      close();
      setDone(message);
    });
  });
  const downloadCodes = (codes: string[]) => {
    const href = URL.createObjectURL(
      new Blob([`Codes de secours EcoFoyer (chacun ne sert qu’une fois)\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
    );
    const link = Object.assign(document.createElement('a'), { href, download: 'ecofoyer-codes-de-secours.txt' });
    link.click();
    URL.revokeObjectURL(href);
  };

  const enabled = status.data?.enabled ?? false;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="two-factor">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <IconShieldLock size={22} aria-hidden />
            <Title order={2} size="h3" id="two-factor">
              Double authentification
            </Title>
          </Group>
          {status.data && <Badge color={enabled ? 'eco' : 'gray'}>{enabled ? 'Activée' : 'Désactivée'}</Badge>}
        </Group>
        <Text size="sm">
          À la connexion, en plus du mot de passe, un code à 6 chiffres affiché par une application d’authentification sur votre téléphone
          (Google Authenticator, Microsoft Authenticator, FreeOTP, Aegis…).
        </Text>
        {status.isPending && <Skeleton h={36} />}
        {done && (
          <Alert color="eco" role="status">
            {done}
          </Alert>
        )}
        {demo ? (
          <Text size="sm" c="dimmed">
            Non disponible pour un foyer de démonstration.
          </Text>
        ) : enabled ? (
          <>
            <Text size="sm">Codes de secours restants : {status.data?.recoveryCodesLeft ?? 0}.</Text>
            <Button variant="outline" color="red.9" onClick={() => setStep({ kind: 'disable' })} style={{ alignSelf: 'flex-start' }}>
              Désactiver la double authentification
            </Button>
          </>
        ) : (
          status.data && (
            <Button variant="light" onClick={() => setStep({ kind: 'password' })} style={{ alignSelf: 'flex-start' }}>
              Activer la double authentification
            </Button>
          )
        )}
      </Stack>

      <Modal
        opened={step !== null}
        onClose={close}
        title={step?.kind === 'disable' ? 'Désactiver la double authentification' : 'Activer la double authentification'}
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <Stack>
          {step?.kind === 'password' && (
            <form onSubmit={startSetup}>
              <Stack>
                <Text size="sm">Pour commencer, confirmez que c’est bien vous.</Text>
                <PasswordInput
                  label="Mot de passe actuel"
                  required
                  autoComplete="current-password"
                  {...form.getInputProps('password')}
                  data-autofocus
                />
                <FormOutcome outcome={outcome} />
                <Button type="submit" loading={actions.setup.isPending} disabled={password === ''}>
                  Continuer
                </Button>
              </Stack>
            </form>
          )}
          {step?.kind === 'scan' && (
            <form onSubmit={confirmCode}>
              <Stack>
                <List type="ordered" size="sm" spacing={4}>
                  <List.Item>Ouvrez votre application d’authentification et ajoutez un compte.</List.Item>
                  <List.Item>Scannez ce QR code, ou saisissez la clé affichée dessous.</List.Item>
                  <List.Item>Saisissez le code à 6 chiffres qu’elle affiche.</List.Item>
                </List>
                <Image
                  src={`data:image/svg+xml;base64,${btoa(step.setup.qrSvg)}`}
                  alt="QR code à scanner avec votre application d’authentification"
                  w={200}
                  h={200}
                  mx="auto"
                />
                <Group gap="xs" justify="center">
                  <Code style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
                    {step.setup.secret}
                  </Code>
                  <CopyButton value={step.setup.secret}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="subtle" leftSection={<IconCopy size={14} />} onClick={copy}>
                        {copied ? 'Copiée' : 'Copier'}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <TextInput
                  label="Code à 6 chiffres"
                  required
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  {...form.getInputProps('code')}
                />
                <FormOutcome outcome={outcome} />
                <Button type="submit" loading={actions.enable.isPending} disabled={digits(code).length !== 6}>
                  Activer
                </Button>
              </Stack>
            </form>
          )}
          {step?.kind === 'codes' && (
            <Stack>
              <Alert color="orange" icon={<IconAlertTriangle />} title="Notez vos codes de secours maintenant">
                Ils ne seront plus affichés. Chacun permet une connexion si vous n’avez plus votre téléphone. Gardez-les en lieu sûr, hors
                de ce téléphone.
              </Alert>
              <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
                {step.codes.map((c) => (
                  <Code key={c} ta="center" fz="md">
                    {c}
                  </Code>
                ))}
              </SimpleGrid>
              <Group>
                <CopyButton value={step.codes.join('\n')}>
                  {({ copied, copy }) => (
                    <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                      {copied ? 'Copiés' : 'Copier les codes'}
                    </Button>
                  )}
                </CopyButton>
                <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadCodes(step.codes)}>
                  Télécharger
                </Button>
              </Group>
              <Button onClick={close}>J’ai noté mes codes</Button>
            </Stack>
          )}
          {step?.kind === 'disable' && (
            <form onSubmit={turnOff}>
              <Stack>
                <PasswordInput
                  label="Mot de passe actuel"
                  required
                  autoComplete="current-password"
                  {...form.getInputProps('password')}
                  data-autofocus
                />
                <TextInput
                  label="Code à 6 chiffres ou code de secours"
                  required
                  autoComplete="one-time-code"
                  {...form.getInputProps('code')}
                />
                <FormOutcome outcome={outcome} />
                <Button type="submit" color="red.9" loading={actions.disable.isPending} disabled={password === '' || code.trim() === ''}>
                  Désactiver
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Modal>
    </Paper>
  );
}
