import { FOYER_ROLE_LABELS } from '@ecofoyer/contracts';
import { Alert, Anchor, Button, Group, List, Modal, NativeSelect, Paper, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDatabaseExport, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFoyer } from '../../foyer/api/foyer.ts';
import { deleteMyAccount, downloadMyData } from '../api/account-data.ts';
import { useSession } from '../api/use-session.ts';

/**
 * « Mes données » (RGPD): a copy of everything the account holds, and the account's
 * deletion, re-authenticated and explained before anything goes.
 */
export function AccountData({ demo }: { demo: boolean }) {
  const navigate = useNavigate();
  const session = useSession();
  const foyer = useFoyer().data;
  // A household the account holds and shares: the person says what becomes of it (the others keep it by default).
  const others = foyer && session && foyer.responsable === session.id ? foyer.membres.filter((m) => m.userId !== session.id) : [];
  const form = useForm({
    mode: 'controlled',
    // The successor as the select gives it, '' until one is chosen (a co-owner by default, else the first member).
    initialValues: { donnees: 'laisser' as 'laisser' | 'supprimer', successeur: '', password: '' },
  });
  const { donnees, password } = form.values;
  const heir =
    others.find((m) => String(m.userId) === form.values.successeur) ?? others.find((m) => m.role === 'proprietaire') ?? others[0];
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      setDownloadError(errorMessage(error, 'Le téléchargement n’a pas pu se faire. Réessayez dans un instant.'));
    } finally {
      setDownloading(false);
    }
  };

  const remove = form.onSubmit(async () => {
    setDeleteError(null);
    setDeleting(true);
    try {
      const message = await deleteMyAccount(
        password,
        others.length > 0 ? { donnees, ...(donnees === 'laisser' && heir ? { successeur: heir.userId } : {}) } : {},
      );
      navigate('/login', { replace: true, state: { notice: message } });
    } catch (error) {
      setDeleteError(errorMessage(error, 'La suppression n’a pas pu se faire. Réessayez dans un instant.'));
      setDeleting(false);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mt="lg" component="section" aria-labelledby="account-data">
      <Stack gap="md">
        <Group gap="xs">
          <IconDatabaseExport size={22} aria-hidden />
          <Title order={2} size="h3" id="account-data">
            Mes données
          </Title>
        </Group>
        <Text size="sm">
          Une copie de tout ce que votre compte contient : votre profil, votre foyer et vos appareils, leurs photos, factures et notices,
          votre calendrier, vos notifications et badges, vos appareils connectés. Un fichier .zip, lisible par vous (JSON) et par une autre
          application.
        </Text>
        {downloadError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {downloadError}
          </Alert>
        )}
        <Text size="sm">
          Ce que nous conservons, pourquoi et combien de temps :{' '}
          <Anchor component={Link} to="/confidentialite" underline="always">
            politique de confidentialité
          </Anchor>
          .
        </Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          onClick={() => void download()}
          loading={downloading}
          style={{ alignSelf: 'flex-start' }}
        >
          Télécharger mes données
        </Button>

        <Stack gap="xs" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Title order={3} size="h4" c="red.9">
            Supprimer mon compte
          </Title>
          {demo ? (
            <Text size="sm">Ce foyer de démonstration s’efface tout seul 24 h après sa création.</Text>
          ) : (
            <>
              <Text size="sm">
                Votre compte et toutes ses données seront supprimés définitivement. Pensez à télécharger vos données avant.
              </Text>
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconTrash size={18} />}
                onClick={() => setConfirming(true)}
                style={{ alignSelf: 'flex-start' }}
              >
                Supprimer mon compte
              </Button>
            </>
          )}
        </Stack>
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          form.setFieldValue('password', '');
          setDeleteError(null);
        }}
        title="Supprimer définitivement votre compte ?"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <form onSubmit={remove}>
          <Stack>
            <Text size="sm">Seront supprimés, sans retour possible :</Text>
            <List size="sm" spacing={4}>
              <List.Item>votre profil et vos identifiants ;</List.Item>
              <List.Item>
                {others.length > 0 && donnees === 'laisser'
                  ? 'les univers et appareils que vous gardiez à part dans votre propre foyer, s’il y en a ;'
                  : 'vos univers, vos appareils, leurs photos, factures et notices ;'}
              </List.Item>
              <List.Item>votre calendrier d’entretien, vos notifications et vos badges ;</List.Item>
              <List.Item>vos appareils connectés, qui seront tous déconnectés.</List.Item>
            </List>
            {others.length > 0 && foyer && (
              <>
                <Radio.Group
                  {...form.getInputProps('donnees')}
                  label={`Et « ${foyer.nom} », que vous partagez avec ${others.map((m) => m.prenom).join(', ')} ?`}
                  name="donnees-du-foyer"
                >
                  <Stack gap="xs" mt="xs">
                    <Radio
                      value="laisser"
                      label="Le laisser aux autres membres"
                      description="Ses appareils, leur entretien et leur historique leur restent ; rien de ce qu’ils ont enregistré n’est perdu."
                    />
                    <Radio
                      value="supprimer"
                      label="Le supprimer avec mon compte"
                      description="Ses appareils, photos, factures et son historique sont effacés ; les autres membres retrouvent leur propre foyer."
                    />
                  </Stack>
                </Radio.Group>
                {donnees === 'laisser' && (
                  <NativeSelect
                    label="Qui sera responsable du foyer ?"
                    data={others.map((m) => ({
                      value: String(m.userId),
                      label: `${m.prenom} (${FOYER_ROLE_LABELS[m.role].toLowerCase()})`,
                    }))}
                    {...form.getInputProps('successeur')}
                    value={String(heir?.userId ?? '')}
                  />
                )}
                <Alert color="orange" role="note">
                  {donnees === 'laisser'
                    ? `« ${foyer.nom} » restera à ${others.map((m) => m.prenom).join(', ')}, et ${heir?.prenom ?? 'un autre membre'} en deviendra responsable.`
                    : `« ${foyer.nom} » et tous ses appareils seront effacés : ${others.map((m) => m.prenom).join(', ')} ne les verront plus.`}
                </Alert>
              </>
            )}
            <Text size="sm">
              Un e-mail de confirmation vous sera envoyé. Le journal de sécurité du serveur ne garde qu’une trace anonyme.
            </Text>
            {deleteError && (
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {deleteError}
              </Alert>
            )}
            <PasswordInput
              label="Mot de passe actuel"
              required
              autoComplete="current-password"
              {...form.getInputProps('password')}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Annuler
              </Button>
              <Button type="submit" color="red.9" loading={deleting} disabled={password === ''}>
                Supprimer définitivement
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
