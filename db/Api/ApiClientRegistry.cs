using System.Collections.Immutable;
using System.Security.Cryptography;
using System.Text.Json;
using Microsoft.EntityFrameworkCore;
using OpenIddict.Abstractions;
using Prison.Db.Audit;
using Prison.Db.Identity;
using Prison.Domain;
using static OpenIddict.Abstractions.OpenIddictConstants;

namespace Prison.Db.Api;

/// <summary>
/// The API's machine clients, for the admins' page and the command line alike: add, list, rotate the secret, disable,
/// enable, delete. Stored by OpenIddict's application manager (which hashes the secret; only the hash is kept); the
/// prisons a client reaches, whether it is disabled and its stamp are the application's properties. Only headquarters
/// (an admin of every prison, the command line) manage clients; every act is audited with the client as its subject,
/// in the transaction of the act. A refused act throws <see cref="ChangeRefusedException"/> and changes nothing.
/// </summary>
public sealed class ApiClientRegistry(PrisonDb db, IOpenIddictApplicationManager applications, ActorReach reach)
{
    public const string PrisonsProperty = "prisons";

    public const string DisabledProperty = "disabled";

    public const string StampProperty = "stamp";

    /// <summary>What an audit entry and a token name a client by: never a user name, which has no colon.</summary>
    public static string ActorNameOf(string clientName) => $"client:{clientName}";

    /// <summary>Adds a client; returns its secret, which is stored only hashed and shown this once.</summary>
    public async Task<string> AddAsync(string name, IReadOnlyCollection<string> scopes, PrisonAccess prisons, CancellationToken cancellationToken = default)
    {
        name = name.Trim();
        await CheckHeadquartersAsync(name, "add an API client", cancellationToken);
        if (UserNames.Problem(name) is { } problem)
        {
            throw new ChangeRefusedException(problem.Replace("user name", "client name", StringComparison.Ordinal), "name");
        }

        if (scopes.Count == 0)
        {
            throw new ChangeRefusedException($"Give {name} at least one scope: {string.Join(", ", ApiScopes.All)}.", "scopes");
        }

        if (scopes.FirstOrDefault(s => !ApiScopes.All.Contains(s)) is { } unknown)
        {
            throw new ChangeRefusedException($"'{unknown}' is not a scope. The scopes are {string.Join(", ", ApiScopes.All)}.", "scopes");
        }

        if (prisons.IsNone)
        {
            // An empty list is not everything: all prisons must be asked for.
            throw new ChangeRefusedException($"Give {name} at least one prison, or all prisons.", "prisons");
        }

        var given = await GivenAsync(prisons, cancellationToken);
        if (await applications.FindByClientIdAsync(name, cancellationToken) is not null)
        {
            throw new ChangeRefusedException($"An API client called '{name}' exists already.", "name");
        }

        var secret = NewSecret();
        var descriptor = new OpenIddictApplicationDescriptor
        {
            ClientId = name,
            ClientSecret = secret,
            ClientType = ClientTypes.Confidential,
            DisplayName = name,
        };
        descriptor.Permissions.Add(Permissions.Endpoints.Token);
        descriptor.Permissions.Add(Permissions.GrantTypes.ClientCredentials);
        foreach (var scope in scopes.Distinct())
        {
            descriptor.Permissions.Add(Permissions.Prefixes.Scope + scope);
        }

        descriptor.Properties[PrisonsProperty] = prisons.AllPrisons ? JsonSerializer.SerializeToElement("all") : JsonSerializer.SerializeToElement(given.Select(p => p.Id).ToArray());
        descriptor.Properties[DisabledProperty] = JsonSerializer.SerializeToElement(false);
        descriptor.Properties[StampProperty] = JsonSerializer.SerializeToElement(Guid.NewGuid().ToString("N"));
        var access = prisons.AllPrisons ? PrisonAccess.All : PrisonAccess.Only([.. given.Select(p => p.Code)]);

        // The entry is saved by the manager's own save, in one transaction with the client.
        db.AuditEntries.Add(AuditEntry.ApiClientAdded(name, [.. scopes.Distinct()], access));
        await applications.CreateAsync(descriptor, cancellationToken);
        return secret;
    }

    public async Task<IReadOnlyList<ApiClient>> ListAsync(CancellationToken cancellationToken = default)
    {
        var everyPrison = await db.Prisons.AsNoTracking().ToListAsync(cancellationToken);
        var clients = new List<ApiClient>();
        await foreach (var application in applications.ListAsync(count: null, offset: null, cancellationToken))
        {
            clients.Add(await DescribeAsync(application, everyPrison, cancellationToken));
        }

        return [.. clients.OrderBy(c => c.Name, StringComparer.Ordinal)];
    }

    public async Task<ApiClient?> FindAsync(string name, CancellationToken cancellationToken = default) =>
        await applications.FindByClientIdAsync(name.Trim(), cancellationToken) is { } application
            ? await DescribeAsync(application, await db.Prisons.AsNoTracking().ToListAsync(cancellationToken), cancellationToken)
            : null;

    /// <summary>A new secret for the client, shown once; tokens got with the old one are refused from now on.</summary>
    public async Task<string> RotateAsync(string name, CancellationToken cancellationToken = default)
    {
        var application = await ManagedAsync(name, "rotate the secret of an API client", cancellationToken);
        var secret = NewSecret();
        var descriptor = new OpenIddictApplicationDescriptor();
        await applications.PopulateAsync(descriptor, application, cancellationToken);
        descriptor.ClientSecret = secret;
        descriptor.Properties[StampProperty] = JsonSerializer.SerializeToElement(Guid.NewGuid().ToString("N"));
        db.AuditEntries.Add(AuditEntry.ApiClientSecretRotated(name.Trim()));
        await applications.UpdateAsync(application, descriptor, cancellationToken);
        return secret;
    }

    /// <summary>Refuses the client's token requests and, within moments on every web instance, the tokens it holds.</summary>
    public Task DisableAsync(string name, CancellationToken cancellationToken = default) => SetDisabledAsync(name, true, cancellationToken);

    public Task EnableAsync(string name, CancellationToken cancellationToken = default) => SetDisabledAsync(name, false, cancellationToken);

    public async Task DeleteAsync(string name, CancellationToken cancellationToken = default)
    {
        var application = await ManagedAsync(name, "delete an API client", cancellationToken);
        db.AuditEntries.Add(AuditEntry.ApiClientDeleted(name.Trim()));
        await applications.DeleteAsync(application, cancellationToken);
    }

    private async Task SetDisabledAsync(string name, bool disabled, CancellationToken cancellationToken)
    {
        var application = await ManagedAsync(name, disabled ? "disable an API client" : "enable an API client", cancellationToken);
        var descriptor = new OpenIddictApplicationDescriptor();
        await applications.PopulateAsync(descriptor, application, cancellationToken);
        if (descriptor.Properties.TryGetValue(DisabledProperty, out var was) && was.ValueKind == (disabled ? JsonValueKind.True : JsonValueKind.False))
        {
            throw new ChangeRefusedException($"The API client {name.Trim()} is {(disabled ? "disabled" : "enabled")} already.");
        }

        descriptor.Properties[DisabledProperty] = JsonSerializer.SerializeToElement(disabled);
        descriptor.Properties[StampProperty] = JsonSerializer.SerializeToElement(Guid.NewGuid().ToString("N"));
        db.AuditEntries.Add(disabled ? AuditEntry.ApiClientDisabled(name.Trim()) : AuditEntry.ApiClientEnabled(name.Trim()));
        await applications.UpdateAsync(application, descriptor, cancellationToken);
    }

    private async Task<object> ManagedAsync(string name, string what, CancellationToken cancellationToken)
    {
        await CheckHeadquartersAsync(name.Trim(), what, cancellationToken);
        return await applications.FindByClientIdAsync(name.Trim(), cancellationToken)
            ?? throw new ChangeRefusedException($"There is no API client called '{name.Trim()}'.", "name");
    }

    /// <summary>A client may reach every prison and write any record: only headquarters manage them.</summary>
    private async Task CheckHeadquartersAsync(string name, string what, CancellationToken cancellationToken)
    {
        if (!reach.ReachesEveryPrison)
        {
            db.ChangeTracker.Clear();
            db.AuditEntries.Add(AuditEntry.Refused(ActorNameOf(name), $"{what}, an act for admins of every prison"));
            await db.SaveChangesAsync(cancellationToken);
            throw new ChangeRefusedException("Only an admin of every prison manages API clients.", tried: what);
        }
    }

    private async Task<List<PrisonFacility>> GivenAsync(PrisonAccess prisons, CancellationToken cancellationToken)
    {
        if (prisons.AllPrisons)
        {
            return prisons.PrisonCodes.Count == 0 ? [] : throw new ChangeRefusedException("Give all prisons or a list of prisons, not both.", "prisons");
        }

        var everyPrison = await db.Prisons.AsNoTracking().OrderBy(p => p.Code).ToListAsync(cancellationToken);
        var given = new List<PrisonFacility>();
        foreach (var code in prisons.PrisonCodes.Select(c => c.Trim()).Distinct(StringComparer.OrdinalIgnoreCase))
        {
            given.Add(everyPrison.FirstOrDefault(p => string.Equals(p.Code, code, StringComparison.OrdinalIgnoreCase))
                ?? throw new ChangeRefusedException($"There is no prison '{code}'. The prisons are {string.Join(", ", everyPrison.Select(p => p.Code))}.", "prisons"));
        }

        return given;
    }

    private async Task<ApiClient> DescribeAsync(object application, IReadOnlyList<PrisonFacility> everyPrison, CancellationToken cancellationToken)
    {
        var name = await applications.GetClientIdAsync(application, cancellationToken) ?? string.Empty;
        var permissions = await applications.GetPermissionsAsync(application, cancellationToken);
        var properties = await applications.GetPropertiesAsync(application, cancellationToken);
        return Describe(name, permissions, properties, everyPrison);
    }

    /// <summary>A client as its stored permissions and properties say; anything unreadable reaches nothing and is disabled.</summary>
    public static ApiClient Describe(string name, ImmutableArray<string> permissions, ImmutableDictionary<string, JsonElement> properties, IReadOnlyList<PrisonFacility> everyPrison)
    {
        var scopes = permissions.Where(p => p.StartsWith(Permissions.Prefixes.Scope, StringComparison.Ordinal)).Select(p => p[Permissions.Prefixes.Scope.Length..]).Order(StringComparer.Ordinal).ToList();
        var (all, ids) = PrisonsOf(properties);
        var access = all ? PrisonAccess.All : PrisonAccess.Only([.. everyPrison.Where(p => ids.Contains(p.Id)).Select(p => p.Code).Order(StringComparer.Ordinal)]);
        var disabled = !properties.TryGetValue(DisabledProperty, out var flag) || flag.ValueKind != JsonValueKind.False;
        var stamp = properties.TryGetValue(StampProperty, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString()! : string.Empty;
        return new ApiClient(name, scopes, access, ids, disabled, stamp);
    }

    /// <summary>Every prison ("all"), or the ids listed; anything else reaches nothing.</summary>
    public static (bool All, IReadOnlyList<int> Ids) PrisonsOf(IReadOnlyDictionary<string, JsonElement> properties)
    {
        if (!properties.TryGetValue(PrisonsProperty, out var prisons))
        {
            return (false, []);
        }

        return prisons.ValueKind switch
        {
            JsonValueKind.String when prisons.GetString() == "all" => (true, []),
            JsonValueKind.Array => (false, [.. prisons.EnumerateArray().Where(e => e.ValueKind == JsonValueKind.Number).Select(e => e.GetInt32())]),
            _ => (false, []),
        };
    }

    /// <summary>
    /// The stamp of an enabled client of that name, in one statement by its unique key; null for a disabled, deleted or
    /// unknown one: what a token's stamp is checked against where it is used.
    /// </summary>
    public static async Task<string?> LiveStampAsync(PrisonDb db, string name, CancellationToken cancellationToken)
    {
        var properties = await db.Set<OpenIddict.EntityFrameworkCore.Models.OpenIddictEntityFrameworkCoreApplication>()
            .AsNoTracking().Where(a => a.ClientId == name).Select(a => a.Properties).FirstOrDefaultAsync(cancellationToken);
        if (properties is null || JsonSerializer.Deserialize<Dictionary<string, JsonElement>>(properties) is not { } read)
        {
            return null;
        }

        var client = Describe(name, [], read.ToImmutableDictionary(), []);
        return client.Disabled || client.Stamp.Length == 0 ? null : client.Stamp;
    }

    private static string NewSecret() => Convert.ToBase64String(RandomNumberGenerator.GetBytes(32)).TrimEnd('=').Replace('+', '-').Replace('/', '_');
}
