using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Search;
using Prison.Domain;

namespace Prison.Db.Mappings;

/// <summary>
/// The search keys (migration 014). On PostgreSQL the keys compare in byte order (collation "C"), as SQLite's TEXT does,
/// so that a prefix is a range of their indexes whatever the database's collation: hence a constructor that names the
/// engine, and <see cref="PrisonDb"/> applies this configuration itself.
/// </summary>
internal sealed class PrisonerSearchKeyConfiguration(bool postgreSql) : IEntityTypeConfiguration<PrisonerSearchKey>
{
    public void Configure(EntityTypeBuilder<PrisonerSearchKey> builder)
    {
        builder.ToTable("prisoner_search_key");
        builder.HasKey(k => k.PrisonerId).HasName("prisoner_search_key_pkey");
        builder.Property(k => k.PrisonerId).ValueGeneratedNever();
        Key(builder.Property(k => k.NumberKey).HasMaxLength(64));
        Key(builder.Property(k => k.NameKey).HasMaxLength(SearchKey.MaxLength));
        Key(builder.Property(k => k.SurnameKey).HasMaxLength(SearchKey.MaxLength));
        builder.HasIndex(k => k.NumberKey).HasDatabaseName("prisoner_search_by_number");
        builder.HasIndex(k => k.NameKey).HasDatabaseName("prisoner_search_by_name");
        builder.HasIndex(k => k.SurnameKey).HasDatabaseName("prisoner_search_by_surname");

        // Known to EF so that a new prisoner is inserted before its keys, in one SaveChanges.
        builder.HasOne<Prisoner>().WithOne().HasForeignKey<PrisonerSearchKey>(k => k.PrisonerId).OnDelete(DeleteBehavior.Cascade);
    }

    private void Key(PropertyBuilder<string> key)
    {
        if (postgreSql)
        {
            key.UseCollation("C");
        }
    }
}
