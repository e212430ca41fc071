-- DropIndex
DROP INDEX "AccessLog_wasAllowed_idx";

-- DropIndex
DROP INDEX "User_subscriptionStatus_idx";

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL,
    "targetUserId" TEXT,
    "targetEmail" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "field" TEXT,
    "fromValue" TEXT,
    "toValue" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_targetUserId_createdAt_idx" ON "AuditLog"("targetUserId", "createdAt");

-- CreateIndex
CREATE INDEX "AccessLog_wasAllowed_accessTime_idx" ON "AccessLog"("wasAllowed", "accessTime");

-- CreateIndex
CREATE INDEX "User_subscriptionStatus_createdAt_idx" ON "User"("subscriptionStatus", "createdAt");

-- CreateIndex
CREATE INDEX "User_subscriptionStatus_subscriptionExpiry_idx" ON "User"("subscriptionStatus", "subscriptionExpiry");
