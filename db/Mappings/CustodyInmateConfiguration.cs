using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Import;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class CustodyInmateConfiguration : IEntityTypeConfiguration<CustodyInmate>
{
    public void Configure(EntityTypeBuilder<CustodyInmate> builder)
    {
        builder.ToTable("custody_inmate");
        builder.HasKey(c => c.InmateId).HasName("custody_inmate_pkey");
        builder.Property(c => c.InmateId).HasMaxLength(32).ValueGeneratedNever();
        builder.Property(c => c.Admitted).HasMaxLength(23);
        builder.Property(c => c.CustodyLevel).HasMaxLength(8);
        builder.Property(c => c.StatusCode).HasMaxLength(8);
        builder.Property(c => c.TopCharge).HasMaxLength(64);

        // Known to EF so that a new prisoner is inserted before the row that points at it, in one SaveChanges.
        builder.HasOne<Prisoner>().WithOne().HasForeignKey<CustodyInmate>(c => c.PrisonerId).OnDelete(DeleteBehavior.Cascade);
        builder.HasIndex(c => c.PrisonerId).IsUnique().HasDatabaseName("custody_inmate_prisoner");
        builder.HasIndex(c => c.InmateId).HasDatabaseName("custody_inmate_in_custody").HasFilter("released_on IS NULL");
    }
}
