using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Search;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonerSearchKeyConfiguration : IEntityTypeConfiguration<PrisonerSearchKey>
{
    public void Configure(EntityTypeBuilder<PrisonerSearchKey> builder)
    {
        builder.ToTable("prisoner_search_key");
        builder.HasKey(k => k.PrisonerId).HasName("prisoner_search_key_pkey");
        builder.Property(k => k.PrisonerId).ValueGeneratedNever();
        builder.Property(k => k.NumberKey).HasMaxLength(64);
        builder.Property(k => k.NameKey).HasMaxLength(SearchKey.MaxLength);
        builder.Property(k => k.SurnameKey).HasMaxLength(SearchKey.MaxLength);
        builder.HasIndex(k => k.NumberKey).HasDatabaseName("prisoner_search_by_number");
        builder.HasIndex(k => k.NameKey).HasDatabaseName("prisoner_search_by_name");
        builder.HasIndex(k => k.SurnameKey).HasDatabaseName("prisoner_search_by_surname");

        // Known to EF so that a new prisoner is inserted before its keys, in one SaveChanges.
        builder.HasOne<Prisoner>().WithOne().HasForeignKey<PrisonerSearchKey>(k => k.PrisonerId).OnDelete(DeleteBehavior.Cascade);
    }

    /// <summary>
    /// On PostgreSQL the keys compare in byte order (collation "C"), as SQLite's TEXT does, so that a prefix is a range of
    /// their indexes whatever the database's collation. SQLite has no collation of that name: <see cref="PrisonDb"/>
    /// applies this on PostgreSQL only.
    /// </summary>
    public static void InByteOrder(EntityTypeBuilder<PrisonerSearchKey> builder)
    {
        builder.Property(k => k.NumberKey).UseCollation("C");
        builder.Property(k => k.NameKey).UseCollation("C");
        builder.Property(k => k.SurnameKey).UseCollation("C");
    }
}
