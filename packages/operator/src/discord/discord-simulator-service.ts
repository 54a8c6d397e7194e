/**
 * Where the Dojo operator's Discord is: the API given with `--discord-url`, or a Discord
 * simulator the module starts beside the cluster (its state kept in the host's data dir, so
 * guilds and channels survive a restart) — started only when the module is selected, and
 * listed, relayed and closed by the host through its services like any module's simulator.
 */
import { DiscordClient, startDiscordSimulator, type DiscordSimulator } from '@dojo/discord';
import type { ModuleOption } from '../flag-declaration.ts';
import type { OperatorContext } from '../operator-module.ts';
import { ServiceSlot } from '../operator-services.ts';
import { simulatorControl } from '../simulator-control.ts';

/** The Discord simulator the Dojo operator starts when no `--discord-url` is given. */
export const discordSimulatorService = new ServiceSlot<DiscordSimulator>('discord');

export const discordOptions: readonly ModuleOption[] = [
  { flag: 'discord-url', key: 'discordUrl', value: 'URL', help: 'Discord API base URL', default: 'the built-in simulator' },
];

/** The Discord client the operator's reconcilers use, starting the simulator when none was named. */
export async function connectDiscord({ settings, services, token: keptToken, statePath, env }: OperatorContext): Promise<DiscordClient> {
  // The bot token (DISCORD_BOT_TOKEN, else one kept beside the console's, 0600): the simulator asks
  // for it on its API and its /_sim control API alike.
  const token = keptToken('discord-simulator-token', env.DISCORD_BOT_TOKEN);
  if (settings.discordUrl) return new DiscordClient({ baseUrl: settings.discordUrl, token });
  const simulator = await startDiscordSimulator({ dataFile: statePath('discord-simulator.json'), token });
  services.add(discordSimulatorService, simulator, {
    label: 'Discord',
    url: simulator.baseUrl,
    note: 'simulator',
    control: simulatorControl('Discord', simulator.url, `Bot ${token}`, 'messages=50'),
  });
  return new DiscordClient({ baseUrl: simulator.baseUrl, token });
}
