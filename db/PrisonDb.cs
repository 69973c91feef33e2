using Microsoft.AspNetCore.DataProtection.EntityFrameworkCore;
using Microsoft.AspNetCore.Identity.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.ChangeTracking;
using Microsoft.EntityFrameworkCore.Storage;
using Prison.Db.Audit;
using Prison.Db.History;
using Prison.Db.Forms;
using Prison.Db.Identity;
using Prison.Db.Import;
using Prison.Db.Mappings;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Domain.Messages;
using Prison.Domain.Record;

namespace Prison.Db;

/// <summary>
/// The unit of work over the Prisoner aggregate and the prisons. Schema changes come from the numbered scripts
/// in Migrations/, never from this model: a test keeps the two from drifting apart. It is Identity's store too
/// (users and roles, in the staff_ tables), so a sign-in and a record change share one database, and the store of
/// the keys that sign web's cookies, so every web instance shares them.
/// </summary>
public sealed class PrisonDb(DbContextOptions<PrisonDb> options) : IdentityDbContext<StaffUser>(options), IDataProtectionKeyContext
{
    private TimeProvider clock = TimeProvider.System;

    private IAuditActor? actor;

    public DbSet<Prisoner> Prisoners => Set<Prisoner>();

    public DbSet<PrisonFacility> Prisons => Set<PrisonFacility>();

    /// <summary>The days the custody-file importer has replayed.</summary>
    public DbSet<ImportedDay> ImportedDays => Set<ImportedDay>();

    /// <summary>The custody-file importer's memory of each inmate: their prisoner and last imported row.</summary>
    public DbSet<CustodyInmate> CustodyInmates => Set<CustodyInmate>();

    /// <summary>The append-only audit log: inserted, never updated or deleted.</summary>
    public DbSet<AuditEntry> AuditEntries => Set<AuditEntry>();

    /// <summary>Staff users' sessions (migration 016), which web ends on the server.</summary>
    public DbSet<StaffSession> StaffSessions => Set<StaffSession>();

    /// <summary>The prisons each user works in (migration 018), unless they have all of them.</summary>
    public DbSet<StaffUserPrison> StaffUserPrisons => Set<StaffUserPrison>();

    /// <summary>Data protection's key ring (migration 008), which signs web's session and antiforgery cookies.</summary>
    public DbSet<DataProtectionKey> DataProtectionKeys => Set<DataProtectionKey>();

    /// <summary>The one-time tokens of the recording forms that were saved (migration 015): a form saves once.</summary>
    public DbSet<FormSubmission> FormSubmissions => Set<FormSubmission>();

    /// <summary>The API's record posts by their Idempotency-Key (migration 033): a post saves once.</summary>
    public DbSet<Api.ApiIdempotencyKey> ApiIdempotencyKeys => Set<Api.ApiIdempotencyKey>();

    /// <summary>Who the audit log says acted in this unit of work; the one place a missing name is filled in.</summary>
    public string ActorName => actor?.Name ?? AuditActor.Anonymous;

    /// <summary>
    /// False for a process replaying changes whose source keeps the values (the custody-file importer): each changed
    /// prisoner still gets its audit entry saying what changed, without a copy of the values before and after.
    /// </summary>
    public bool AuditChangedValues { get; set; } = true;

    /// <summary>
    /// What the record changes this unit of work saves are, for the verdict history, when they are not entries recorded
    /// one by one (an import, its revert, the demo data): null to name each prisoner's change as its audit entry does.
    /// </summary>
    public VerdictCause? RecordChangeCause { get; set; }

    /// <summary>
    /// Sets who acts in this unit of work and the clock it reads, when the context is handed out. Contexts come from a
    /// pool (creating one cost about as much as a dashboard read), so they are set here rather than in the
    /// constructor, and everything a previous unit of work changed is set back.
    /// </summary>
    public PrisonDb ActingAs(IAuditActor? by, TimeProvider at)
    {
        actor = by;
        clock = at;
        AuditChangedValues = true;
        RecordChangeCause = null;
        return this;
    }

    public bool IsPostgreSql => Database.ProviderName == PrisonDatabase.PostgreSqlProvider;

    /// <summary>
    /// Saves the changes and returns one message for each prisoner whose record changed, to be published once
    /// the transaction has committed. Stamps each changed prisoner with the time of the change, which the
    /// sweeper measures "Unknown for too long" from. Adds the audit entries describing the changes to the same
    /// save, so a change is never committed without them, nor they without it.
    /// </summary>
    public async Task<IReadOnlyList<PrisonerChanged>> SaveRecordChangesAsync(CancellationToken cancellationToken = default)
    {
        ChangeTracker.DetectChanges();
        var audited = RecordChanges.Of(ChangeTracker, AuditChangedValues);
        AuditEntries.AddRange(audited);
        var described = audited.Where(e => e.PrisonerId is not null).ToDictionary(e => e.PrisonerId!.Value, e => e.Summary);

        // To the microsecond, as PostgreSQL keeps it: a change the sweeper publishes again, from the stored time, is
        // then the same message, with the same commit time for the worker to measure from.
        var ticks = clock.GetUtcNow().UtcTicks;
        var now = new DateTime(ticks - (ticks % TimeSpan.TicksPerMicrosecond), DateTimeKind.Utc);
        var changed = new List<PrisonerChanged>();
        foreach (var entry in ChangeTracker.Entries<Prisoner>())
        {
            if (entry.State is EntityState.Added or EntityState.Modified)
            {
                entry.Property(PrisonerConfiguration.ChangedAt).CurrentValue = now;
                entry.Property(PrisonerConfiguration.DangerFacts).CurrentValue = string.Empty;
                var cause = RecordChangeCause ?? VerdictCause.Recorded(described.GetValueOrDefault(entry.Entity.Id, "record changed"));
                entry.Property(PrisonerConfiguration.VerdictCause).CurrentValue = cause.Kind;
                entry.Property(PrisonerConfiguration.VerdictCauseDetail).CurrentValue = cause.Detail;
                ClearVerdictExplicitly(entry);
                changed.Add(new PrisonerChanged(entry.Entity.Id, entry.Entity.ChangeVersion, now));
            }
        }

        // The stays it writes carry the same instant: the daily figures keep their moves for its day (migration 037). A
        // reopened stay is stamped by the statement that reopens it.
        var locks = IsPostgreSql ? RowsToLockFirst() : null;
        var reopened = ReopenedStays();
        foreach (var stay in ChangeTracker.Entries<Stay>().Where(e => e.State is EntityState.Added or EntityState.Modified).Except(reopened))
        {
            stay.Property(StayConfiguration.ChangedAt).CurrentValue = now;
        }

        if (reopened.Count == 0 && locks is null)
        {
            await SaveChangesAsync(cancellationToken);
        }
        else
        {
            await SaveOnceAsync(token => SaveInOneTransactionAsync(locks, reopened, now, token), StampAuditEntries(), acceptAllChangesOnSuccess: true, cancellationToken);
        }

        return changed;
    }

    /// <summary>
    /// What a save must lock before it writes, on PostgreSQL, when it changes several stored prisoners or moves stays
    /// (<c>lock_for_change</c>, migration 011): the prisoners, and the prisons of their tracked stays, before and after.
    /// Null for the common save, one prisoner's entry, which takes its one prisoner and at most one count row.
    /// </summary>
    private RowsToLock? RowsToLockFirst()
    {
        var prisoners = ChangeTracker.Entries<Prisoner>().Where(e => e.State == EntityState.Modified).Select(e => e.Entity.Id).ToHashSet();
        var stays = ChangeTracker.Entries<Stay>()
            .Select(e => (Entry: e, Prisoner: (Guid)e.Property(PrisonerConfiguration.PrisonerKey).CurrentValue!))
            .Where(s => prisoners.Contains(s.Prisoner))
            .ToList();
        if (prisoners.Count < 2 && !stays.Any(s => s.Entry.State is EntityState.Added or EntityState.Modified))
        {
            return null;
        }

        var prisons = stays
            .SelectMany(s => new[] { (s.Prisoner, Prison: s.Entry.Entity.PrisonId), (s.Prisoner, Prison: s.Entry.Property(i => i.PrisonId).OriginalValue) })
            .Distinct()
            .ToList();
        return new RowsToLock([.. prisoners], [.. prisons.Select(p => p.Prisoner)], [.. prisons.Select(p => p.Prison)]);
    }

    /// <summary>
    /// The change left the verdict Unknown in memory, but EF Core writes only what differs from what it loaded: a
    /// prisoner loaded Unknown, whose previous version's verdict a worker stored meanwhile, would keep that verdict
    /// beside the new version. So the cleared verdict is always written. The database clears it too whenever the
    /// version moves (migration 011), for any writer; writing it here keeps this context's view the same as the row's.
    /// The cause is written always for the same reason: a verdict write between the load and the save (a window that
    /// closed) leaves its own cause on the row, which the new version's verdict must not inherit.
    /// </summary>
    private static void ClearVerdictExplicitly(EntityEntry<Prisoner> entry)
    {
        if (entry.State != EntityState.Modified)
        {
            return;
        }

        entry.Property(p => p.DangerStatus).IsModified = true;
        entry.Property(PrisonerConfiguration.DangerReasonCodes).IsModified = true;
        entry.Property(PrisonerConfiguration.DangerFacts).IsModified = true;
        entry.Property(PrisonerConfiguration.VerdictCause).IsModified = true;
        entry.Property(PrisonerConfiguration.VerdictCauseDetail).IsModified = true;
    }

    /// <summary>
    /// Stays that were ended and are current again: striking out the stay a transfer began reopens the stay it ended.
    /// </summary>
    private List<EntityEntry<Stay>> ReopenedStays() =>
        ChangeTracker.Entries<Stay>()
            .Where(e => e.State == EntityState.Modified
                && e.Entity is { LeftOn: null, Strike: null }
                && e.Property(i => i.LeftOn).OriginalValue is not null)
            .ToList();

    /// <summary>
    /// One attempt of a save that needs more than EF Core's own statements, in one transaction (the caller's when there
    /// is one, so it commits or rolls back with the rest of its work). First the locks <paramref name="locks"/> names,
    /// in the order every verdict write takes them. Then, with <paramref name="reopened"/> stays, everything but the
    /// reopening first and the reopening last: the database keeps one current stay a prisoner with a unique index
    /// checked row by row (SQLite cannot defer it), and EF Core orders the updates of one table by key, not by
    /// meaning, so reopening the earlier stay before striking the later one would briefly make two current stays.
    /// Nothing is accepted by the change tracker before the commit, so an attempt that a transient fault rolled back
    /// is made again whole: the reopening is a statement of its own rather than a second save, which would send the
    /// first step's changes again.
    /// </summary>
    private async Task<int> SaveInOneTransactionAsync(RowsToLock? locks, List<EntityEntry<Stay>> reopened, DateTime now, CancellationToken cancellationToken)
    {
        await using var transaction = Database.CurrentTransaction is null ? await Database.BeginTransactionAsync(cancellationToken) : null;
        if (locks is not null)
        {
            await Database.ExecuteSqlRawAsync(
                "SELECT lock_for_change({0}, {1}, {2})", [locks.Prisoners, locks.StayPrisoners, locks.StayPrisons], cancellationToken);
        }

        int saved;
        try
        {
            // Put back the stored end date, so the first step leaves these stays as stored; the audit entries,
            // taken already, still say they were reopened.
            foreach (var stay in reopened)
            {
                stay.Property(i => i.LeftOn).CurrentValue = stay.Property(i => i.LeftOn).OriginalValue;
            }

            saved = await SaveChangesAsync(acceptAllChangesOnSuccess: false, cancellationToken);
        }
        finally
        {
            // Reopened again in memory whether or not the first step saved, so the aggregate is as the domain left it.
            foreach (var stay in reopened)
            {
                stay.Property(i => i.LeftOn).CurrentValue = null;
            }
        }

        if (reopened.Count > 0)
        {
            var ids = reopened.Select(stay => stay.Entity.Id).ToList();
            saved += await Set<Stay>().Where(i => ids.Contains(i.Id)).ExecuteUpdateAsync(
                set => set.SetProperty(i => i.LeftOn, (DateOnly?)null).SetProperty(i => EF.Property<DateTime?>(i, StayConfiguration.ChangedAt), now), cancellationToken);
        }

        if (transaction is not null)
        {
            await transaction.CommitAsync(cancellationToken);
        }

        ChangeTracker.AcceptAllChanges();
        return saved;
    }

    /// <summary>
    /// Runs <paramref name="work"/> in one transaction under the execution strategy: on PostgreSQL a transient fault
    /// rolls it back and runs it again whole. An attempt after a failed one starts from an empty change tracker, so
    /// the work loads what it changes itself rather than trusting what the failed attempt left tracked.
    /// </summary>
    public Task<T> InTransactionAsync<T>(Func<CancellationToken, Task<T>> work, CancellationToken cancellationToken)
    {
        var attempts = 0;
        return Database.CreateExecutionStrategy().ExecuteAsync(
            async token =>
            {
                if (attempts++ > 0)
                {
                    ChangeTracker.Clear();
                }

                await using var transaction = await Database.BeginTransactionAsync(token);
                var result = await work(token);
                await transaction.CommitAsync(token);
                return result;
            },
            cancellationToken);
    }

    /// <inheritdoc cref="InTransactionAsync{T}"/>
    public Task InTransactionAsync(Func<CancellationToken, Task> work, CancellationToken cancellationToken) =>
        InTransactionAsync(
            async token =>
            {
                await work(token);
                return true;
            },
            cancellationToken);

    public override int SaveChanges(bool acceptAllChangesOnSuccess)
    {
        KeepSearchKeys();
        StampAuditEntries();
        return base.SaveChanges(acceptAllChangesOnSuccess);
    }

    public override Task<int> SaveChangesAsync(bool acceptAllChangesOnSuccess, CancellationToken cancellationToken = default)
    {
        KeepSearchKeys();
        return SaveOnceAsync(token => base.SaveChangesAsync(acceptAllChangesOnSuccess, token), StampAuditEntries(), acceptAllChangesOnSuccess, cancellationToken);
    }

    /// <summary>
    /// The one place search keys are written as names change (migration 014): every prisoner this save adds gets its
    /// keys, and every prisoner it renames has them written again, in the same SaveChanges (EF Core batches them with
    /// the prisoner's own statements). A key row this context does not track is written as it should be, unread.
    /// </summary>
    private void KeepSearchKeys()
    {
        // Read once: DbSet.Local detects the changes of every tracked entity each time it is read, which in the loop
        // made a save of many prisoners cost in proportion to the square of what it tracks.
        var searchKeys = Set<PrisonerSearchKey>().Local;
        foreach (var entry in ChangeTracker.Entries<Prisoner>().ToList())
        {
            var added = entry.State == EntityState.Added;
            if (!added && !(entry.State == EntityState.Modified && entry.Property(p => p.Name).IsModified))
            {
                continue;
            }

            if (searchKeys.FindEntry(entry.Entity.Id) is { } tracked)
            {
                tracked.Entity.Follow(entry.Entity);
            }
            else if (added)
            {
                Add(PrisonerSearchKey.Of(entry.Entity));
            }
            else
            {
                Entry(PrisonerSearchKey.Of(entry.Entity)).State = EntityState.Modified;
            }
        }
    }

    /// <summary>
    /// Runs a save under the execution strategy, which on PostgreSQL sends it again after a transient fault (a restart,
    /// a dropped connection). A save sent again cannot apply a change twice: the prisoner's change version is a
    /// concurrency token and every row it inserts has its key already. But a fault while the commit's answer is on its
    /// way leaves its outcome unknown, and sending it again would then fail on those guards although it was saved. So
    /// a save that adds an audit entry is first looked for by that entry's id: found, it was committed, and is
    /// finished without being sent again. A save inside a caller's transaction runs as part of the caller's attempt.
    /// </summary>
    /// <param name="proof">The id of an audit entry the save inserts, or null when it inserts none.</param>
    private async Task<int> SaveOnceAsync(Func<CancellationToken, Task<int>> save, Guid? proof, bool acceptAllChangesOnSuccess, CancellationToken cancellationToken)
    {
        var committedBefore = false;
        async Task<ExecutionResult<int>> CommittedBeforeAsync(DbContext context, Func<CancellationToken, Task<int>> state, CancellationToken token)
        {
            committedBefore = await AuditEntries.AnyAsync(e => e.Id == proof, token);
            return new ExecutionResult<int>(committedBefore, 0);
        }

        var saved = await Database.CreateExecutionStrategy().ExecuteAsync(
            save,
            static (_, save, token) => save(token),
            proof is null ? null : CommittedBeforeAsync,
            cancellationToken);
        if (committedBefore && acceptAllChangesOnSuccess)
        {
            ChangeTracker.AcceptAllChanges();
        }

        return saved;
    }

    /// <summary>
    /// New audit entries get the time of the save, where the actor acts from, unless they name someone (a sign-in) the
    /// actor, and unless they name a prisoner or their prisons, the actor's prisons. Returns the id of one of them, or null when the save adds none.
    /// </summary>
    private Guid? StampAuditEntries()
    {
        var now = clock.GetUtcNow().UtcDateTime;
        Guid? added = null;
        foreach (var entry in ChangeTracker.Entries<AuditEntry>().Where(e => e.State == EntityState.Added))
        {
            added ??= entry.Entity.Id;
            if (entry.Entity.AtUtc == default)
            {
                entry.Entity.AtUtc = now;
            }

            if (entry.Entity.UserName.Length == 0)
            {
                entry.Entity.UserName = ActorName;
            }

            entry.Entity.RemoteAddress ??= AuditEntry.Address(actor?.Address);
            if (entry.Entity.PrisonerId is null && !entry.Entity.PrisonsStated)
            {
                entry.Entity.Concerning(actor?.PrisonIds ?? []);
            }
        }

        return added;
    }

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        // Identity's own mapping first (keys, lengths, relations); ours then names its tables and indexes. Its schema
        // version is pinned, not read from the host's options: migration 005 built this version's tables, and a
        // context opened without a host (tests, tools) must see the same model.
        base.OnModelCreating(modelBuilder);
        modelBuilder.ApplyConfigurationsFromAssembly(typeof(PrisonDb).Assembly);
        ApiClientTables.Apply(modelBuilder);
        if (IsPostgreSql)
        {
            modelBuilder.Entity<PrisonerSearchKey>(PrisonerSearchKeyConfiguration.InByteOrder);
            modelBuilder.Entity<History.VerdictChange>().Property<ulong>(VerdictChangeConfiguration.Tx).HasColumnType("xid8");
        }
        SnakeCaseNames.Apply(modelBuilder);
    }

    protected override void ConfigureConventions(ModelConfigurationBuilder configurationBuilder)
    {
        // Every instant is UTC end to end; SQLite hands DateTime back as Unspecified, so say what it is.
        configurationBuilder.Properties<DateTime>().HaveConversion<UtcDateTimeConverter>();
        configurationBuilder.Properties<DateTime?>().HaveConversion<UtcDateTimeConverter>();
    }
}
